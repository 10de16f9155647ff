/**
 * Texts of invoices and order e-mails in the customer's language: complete in en, de, fr, it, es;
 * the further locales (issue 10) have their own table where a missing label falls back to
 * English. Invoice PDFs embed fonts for every script (`fonts.ts`), so they are in the customer's
 * language like the e-mails.
 */

/** The five languages whose tables are complete. */
type FullLang = 'en' | 'de' | 'fr' | 'it' | 'es';
/** A language with labels. */
export type DocLang = FullLang | 'ar' | 'id' | 'ja' | 'ko' | 'pl' | 'pt' | 'ru' | 'tr' | 'vi' | 'zh';

const LABELS = {
  en: {
    invoice: 'Invoice', paymentSlip: 'Invoice with payment slip', invoiceNo: 'Invoice no.', invoiceDate: 'Invoice date', orderCode: 'Order code', orderDate: 'Order date',
    buyer: 'Bill to', sku: 'SKU', item: 'Item', qty: 'Qty', unitPrice: 'Unit price', discount: 'Disc.', amount: 'Amount',
    subtotal: 'Subtotal', promo: 'Promo discount', shipping: 'Shipping', total: 'Total', vatIncl: 'VAT {rate} % included', net: 'Amount excluding VAT',
    bonus: 'Influencer bonus',
    vatNo: 'VAT no.', paid: 'Paid on {date}. Thank you.', payBy: 'Please pay by {date} using the QR-bill below.', currencyNote: 'All amounts in CHF, including Swiss VAT.',
    orderReceivedSubject: 'Your order {code} has been received', paymentReceivedSubject: 'Payment received for order {code}',
    hello: 'Hello {name},', orderReceived: 'thank you for your order {code} of CHF {total}.', bankTransfer: 'Please pay CHF {total} by bank transfer with the attached QR-bill by {date}. We will send your order once the full amount has arrived.',
    paymentReceived: 'we have received your payment of CHF {total} for order {code}. Your invoice is attached. We are now preparing your parcel.',
    follow: 'You can follow your order here: {url}', regards: 'Kind regards,',
  },
  de: {
    invoice: 'Rechnung', paymentSlip: 'Rechnung mit Zahlteil', invoiceNo: 'Rechnungsnr.', invoiceDate: 'Rechnungsdatum', orderCode: 'Bestellcode', orderDate: 'Bestelldatum',
    buyer: 'Rechnung an', sku: 'Art.-Nr.', item: 'Artikel', qty: 'Menge', unitPrice: 'Einzelpreis', discount: 'Rab.', amount: 'Betrag',
    subtotal: 'Zwischensumme', promo: 'Promo-Rabatt', shipping: 'Versand', total: 'Total', vatIncl: 'inkl. MWST {rate} %', net: 'Betrag ohne MWST',
    bonus: 'Influencer-Bonus',
    vatNo: 'MWST-Nr.', paid: 'Bezahlt am {date}. Vielen Dank.', payBy: 'Bitte bezahlen Sie bis {date} mit dem QR-Zahlteil unten.', currencyNote: 'Alle Beträge in CHF, inkl. Schweizer MWST.',
    orderReceivedSubject: 'Ihre Bestellung {code} ist eingegangen', paymentReceivedSubject: 'Zahlung für Bestellung {code} erhalten',
    hello: 'Guten Tag {name},', orderReceived: 'vielen Dank für Ihre Bestellung {code} über CHF {total}.', bankTransfer: 'Bitte überweisen Sie CHF {total} mit der beigefügten QR-Rechnung bis {date}. Wir versenden Ihre Bestellung, sobald der volle Betrag eingegangen ist.',
    paymentReceived: 'wir haben Ihre Zahlung von CHF {total} für die Bestellung {code} erhalten. Die Rechnung liegt bei. Wir bereiten jetzt Ihr Paket vor.',
    follow: 'Hier können Sie Ihre Bestellung verfolgen: {url}', regards: 'Freundliche Grüsse',
  },
  fr: {
    invoice: 'Facture', paymentSlip: 'Facture avec section paiement', invoiceNo: 'Facture n°', invoiceDate: 'Date de facture', orderCode: 'Code de commande', orderDate: 'Date de commande',
    buyer: 'Facturé à', sku: 'Réf.', item: 'Article', qty: 'Qté', unitPrice: 'Prix unitaire', discount: 'Rem.', amount: 'Montant',
    subtotal: 'Sous-total', promo: 'Rabais promo', shipping: 'Livraison', total: 'Total', vatIncl: 'TVA {rate} % incluse', net: 'Montant hors TVA',
    bonus: 'Bonus d’influenceur',
    vatNo: 'N° TVA', paid: 'Payée le {date}. Merci.', payBy: 'Veuillez payer d’ici le {date} avec la QR-facture ci-dessous.', currencyNote: 'Tous les montants en CHF, TVA suisse incluse.',
    orderReceivedSubject: 'Votre commande {code} a été reçue', paymentReceivedSubject: 'Paiement reçu pour la commande {code}',
    hello: 'Bonjour {name},', orderReceived: 'merci pour votre commande {code} de CHF {total}.', bankTransfer: 'Veuillez virer CHF {total} avec la QR-facture jointe d’ici le {date}. Nous expédierons votre commande dès réception du montant complet.',
    paymentReceived: 'nous avons reçu votre paiement de CHF {total} pour la commande {code}. Votre facture est jointe. Nous préparons votre colis.',
    follow: 'Suivez votre commande ici : {url}', regards: 'Meilleures salutations,',
  },
  it: {
    invoice: 'Fattura', paymentSlip: 'Fattura con sezione pagamento', invoiceNo: 'Fattura n.', invoiceDate: 'Data fattura', orderCode: 'Codice ordine', orderDate: 'Data ordine',
    buyer: 'Fatturato a', sku: 'Cod.', item: 'Articolo', qty: 'Qtà', unitPrice: 'Prezzo unitario', discount: 'Sc.', amount: 'Importo',
    subtotal: 'Subtotale', promo: 'Sconto promo', shipping: 'Spedizione', total: 'Totale', vatIncl: 'IVA {rate} % inclusa', net: 'Importo IVA esclusa',
    bonus: 'Bonus influencer',
    vatNo: 'N. IVA', paid: 'Pagata il {date}. Grazie.', payBy: 'Si prega di pagare entro il {date} con la QR-fattura qui sotto.', currencyNote: 'Tutti gli importi in CHF, IVA svizzera inclusa.',
    orderReceivedSubject: 'Il suo ordine {code} è stato ricevuto', paymentReceivedSubject: 'Pagamento ricevuto per l’ordine {code}',
    hello: 'Buongiorno {name},', orderReceived: 'grazie per il suo ordine {code} di CHF {total}.', bankTransfer: 'Si prega di versare CHF {total} con la QR-fattura allegata entro il {date}. Spediremo l’ordine appena ricevuto l’importo completo.',
    paymentReceived: 'abbiamo ricevuto il suo pagamento di CHF {total} per l’ordine {code}. La fattura è allegata. Stiamo preparando il pacco.',
    follow: 'Segua il suo ordine qui: {url}', regards: 'Cordiali saluti,',
  },
  es: {
    invoice: 'Factura', paymentSlip: 'Factura con sección de pago', invoiceNo: 'Factura n.º', invoiceDate: 'Fecha de factura', orderCode: 'Código de pedido', orderDate: 'Fecha del pedido',
    buyer: 'Facturar a', sku: 'Ref.', item: 'Artículo', qty: 'Cant.', unitPrice: 'Precio unitario', discount: 'Dto.', amount: 'Importe',
    subtotal: 'Subtotal', promo: 'Descuento promocional', shipping: 'Envío', total: 'Total', vatIncl: 'IVA {rate} % incluido', net: 'Importe sin IVA',
    bonus: 'Bonificación de influencer',
    vatNo: 'N.º IVA', paid: 'Pagada el {date}. Gracias.', payBy: 'Pague antes del {date} con la factura QR de abajo.', currencyNote: 'Todos los importes en CHF, IVA suizo incluido.',
    orderReceivedSubject: 'Hemos recibido su pedido {code}', paymentReceivedSubject: 'Pago recibido del pedido {code}',
    hello: 'Hola {name}:', orderReceived: 'gracias por su pedido {code} de CHF {total}.', bankTransfer: 'Transfiera CHF {total} con la factura QR adjunta antes del {date}. Enviaremos su pedido cuando recibamos el importe completo.',
    paymentReceived: 'hemos recibido su pago de CHF {total} del pedido {code}. Adjuntamos su factura. Estamos preparando su paquete.',
    follow: 'Siga su pedido aquí: {url}', regards: 'Saludos cordiales,',
  },
} satisfies Record<FullLang, Record<string, string>>;

export type LabelKey = keyof (typeof LABELS)['en'];

/** The further locales' labels (issue 10); a key missing here is taken from English. */
const FURTHER: Record<Exclude<DocLang, FullLang>, Partial<Record<LabelKey, string>>> = {
  ar: {
    invoice: 'فاتورة', paymentSlip: 'فاتورة مع قسيمة الدفع', invoiceNo: 'رقم الفاتورة', invoiceDate: 'تاريخ الفاتورة', orderCode: 'رمز الطلب', orderDate: 'تاريخ الطلب',
    buyer: 'فاتورة إلى', sku: 'SKU', item: 'المنتج', qty: 'الكمية', unitPrice: 'سعر الوحدة', discount: 'خصم', amount: 'المبلغ',
    subtotal: 'المجموع الفرعي', promo: 'خصم ترويجي', shipping: 'الشحن', total: 'الإجمالي', vatIncl: 'شاملًا ضريبة القيمة المضافة {rate} %', net: 'المبلغ دون ضريبة القيمة المضافة',
    bonus: 'مكافأة المؤثر',
    vatNo: 'رقم ضريبة القيمة المضافة', paid: 'دُفعت في {date}. شكرًا لك.', payBy: 'يُرجى الدفع قبل {date} باستخدام فاتورة QR أدناه.', currencyNote: 'جميع المبالغ بالفرنك السويسري، شاملةً ضريبة القيمة المضافة السويسرية.',
    orderReceivedSubject: 'استلمنا طلبك {code}', paymentReceivedSubject: 'تم استلام الدفعة للطلب {code}',
    hello: 'مرحبًا {name}،', orderReceived: 'شكرًا لطلبك {code} بقيمة {total} فرنك سويسري.', bankTransfer: 'يُرجى تحويل {total} فرنك سويسري بالتحويل البنكي باستخدام فاتورة QR المرفقة قبل {date}. سنرسل طلبك فور وصول المبلغ كاملًا.',
    paymentReceived: 'استلمنا دفعتك البالغة {total} فرنك سويسري للطلب {code}. الفاتورة مرفقة. نحن الآن نجهّز طردك.',
    follow: 'يمكنك متابعة طلبك هنا: {url}', regards: 'مع أطيب التحيات،',
  },
  id: {
    invoice: 'Faktur', paymentSlip: 'Faktur dengan slip pembayaran', invoiceNo: 'No. faktur', invoiceDate: 'Tanggal faktur', orderCode: 'Kode pesanan', orderDate: 'Tanggal pesanan',
    buyer: 'Ditagihkan kepada', sku: 'SKU', item: 'Item', qty: 'Jml', unitPrice: 'Harga satuan', discount: 'Disk.', amount: 'Jumlah',
    subtotal: 'Subtotal', promo: 'Diskon promo', shipping: 'Pengiriman', total: 'Total', vatIncl: 'Termasuk PPN {rate} %', net: 'Jumlah tanpa PPN',
    bonus: 'Bonus influencer',
    vatNo: 'No. PPN', paid: 'Dibayar pada {date}. Terima kasih.', payBy: 'Silakan bayar paling lambat {date} dengan QR-bill di bawah ini.', currencyNote: 'Semua jumlah dalam CHF, termasuk PPN Swiss.',
    orderReceivedSubject: 'Pesanan Anda {code} telah diterima', paymentReceivedSubject: 'Pembayaran untuk pesanan {code} telah diterima',
    hello: 'Halo {name},', orderReceived: 'terima kasih atas pesanan Anda {code} sebesar CHF {total}.', bankTransfer: 'Silakan transfer CHF {total} dengan QR-bill terlampir paling lambat {date}. Kami akan mengirim pesanan Anda setelah jumlah penuh diterima.',
    paymentReceived: 'kami telah menerima pembayaran Anda sebesar CHF {total} untuk pesanan {code}. Faktur Anda terlampir. Kami sedang menyiapkan paket Anda.',
    follow: 'Anda dapat memantau pesanan Anda di sini: {url}', regards: 'Salam hormat,',
  },
  ja: {
    invoice: '請求書', paymentSlip: '払込票付き請求書', invoiceNo: '請求書番号', invoiceDate: '請求日', orderCode: 'ご注文コード', orderDate: 'ご注文日',
    buyer: '請求先', sku: 'SKU', item: '商品', qty: '数量', unitPrice: '単価', discount: '割引', amount: '金額',
    subtotal: '小計', promo: 'プロモーション割引', shipping: '送料', total: '合計', vatIncl: 'VAT {rate} %込み', net: '税抜金額',
    bonus: 'インフルエンサー特典',
    vatNo: 'VAT番号', paid: '{date}にお支払い済みです。ありがとうございました。', payBy: '{date}までに下記のQR請求書でお支払いください。', currencyNote: '金額はすべてCHF、スイスのVAT込みです。',
    orderReceivedSubject: 'ご注文{code}を承りました', paymentReceivedSubject: 'ご注文{code}のお支払いを確認しました',
    hello: '{name}様', orderReceived: 'CHF {total}のご注文{code}をいただき、ありがとうございます。', bankTransfer: '{date}までに、添付のQR請求書を使ってCHF {total}を銀行振込でお支払いください。全額の入金を確認後、ご注文を発送します。',
    paymentReceived: 'ご注文{code}について、CHF {total}のお支払いを確認しました。請求書を添付しております。ただいまお荷物を準備しております。',
    follow: 'ご注文の状況はこちらでご確認いただけます：{url}', regards: '今後ともよろしくお願いいたします。',
  },
  ko: {
    invoice: '청구서', paymentSlip: '납부서가 포함된 청구서', invoiceNo: '청구서 번호', invoiceDate: '청구일', orderCode: '주문 코드', orderDate: '주문일',
    buyer: '청구 대상', sku: 'SKU', item: '상품', qty: '수량', unitPrice: '단가', discount: '할인', amount: '금액',
    subtotal: '소계', promo: '프로모션 할인', shipping: '배송비', total: '합계', vatIncl: '부가가치세 {rate} % 포함', net: '부가가치세 제외 금액',
    bonus: '인플루언서 보너스',
    vatNo: '부가가치세 번호', paid: '{date}에 결제되었습니다. 감사합니다.', payBy: '{date}까지 아래 QR 청구서로 결제해 주십시오.', currencyNote: '모든 금액은 CHF이며 스위스 부가가치세가 포함되어 있습니다.',
    orderReceivedSubject: '주문 {code}이(가) 접수되었습니다', paymentReceivedSubject: '주문 {code}의 결제가 확인되었습니다',
    hello: '{name}님, 안녕하십니까.', orderReceived: 'CHF {total}의 주문 {code}에 감사드립니다.', bankTransfer: '{date}까지 첨부된 QR 청구서로 CHF {total}을(를) 계좌 이체해 주십시오. 전액이 입금되면 주문을 발송합니다.',
    paymentReceived: '주문 {code}에 대한 CHF {total} 결제가 확인되었습니다. 청구서를 첨부합니다. 지금 상품을 준비하고 있습니다.',
    follow: '주문 상태는 여기에서 확인하실 수 있습니다: {url}', regards: '감사합니다.',
  },
  pl: {
    invoice: 'Faktura', paymentSlip: 'Faktura z częścią płatniczą', invoiceNo: 'Nr faktury', invoiceDate: 'Data faktury', orderCode: 'Kod zamówienia', orderDate: 'Data zamówienia',
    buyer: 'Nabywca', sku: 'SKU', item: 'Produkt', qty: 'Ilość', unitPrice: 'Cena jedn.', discount: 'Rab.', amount: 'Kwota',
    subtotal: 'Suma częściowa', promo: 'Rabat promocyjny', shipping: 'Wysyłka', total: 'Razem', vatIncl: 'W tym VAT {rate} %', net: 'Kwota bez VAT',
    bonus: 'Bonus influencera',
    vatNo: 'Nr VAT', paid: 'Zapłacono {date}. Dziękujemy.', payBy: 'Prosimy o zapłatę do {date} za pomocą poniższej QR-faktury.', currencyNote: 'Wszystkie kwoty w CHF, z uwzględnieniem szwajcarskiego VAT.',
    orderReceivedSubject: 'Otrzymaliśmy zamówienie {code}', paymentReceivedSubject: 'Otrzymaliśmy płatność za zamówienie {code}',
    hello: 'Dzień dobry {name},', orderReceived: 'dziękujemy za zamówienie {code} na kwotę CHF {total}.', bankTransfer: 'Prosimy o przelew kwoty CHF {total} z użyciem załączonej QR-faktury do {date}. Wyślemy zamówienie, gdy wpłynie pełna kwota.',
    paymentReceived: 'otrzymaliśmy płatność w wysokości CHF {total} za zamówienie {code}. Faktura znajduje się w załączniku. Przygotowujemy teraz przesyłkę.',
    follow: 'Status zamówienia można sprawdzić tutaj: {url}', regards: 'Z wyrazami szacunku',
  },
  pt: {
    invoice: 'Fatura', paymentSlip: 'Fatura com boleto de pagamento', invoiceNo: 'Nº da fatura', invoiceDate: 'Data da fatura', orderCode: 'Código do pedido', orderDate: 'Data do pedido',
    buyer: 'Faturar para', sku: 'SKU', item: 'Item', qty: 'Qtd.', unitPrice: 'Preço unitário', discount: 'Desc.', amount: 'Valor',
    subtotal: 'Subtotal', promo: 'Desconto promocional', shipping: 'Frete', total: 'Total', vatIncl: 'IVA de {rate} % incluído', net: 'Valor sem IVA',
    bonus: 'Bônus de influenciador',
    vatNo: 'Nº de IVA', paid: 'Paga em {date}. Obrigado.', payBy: 'Pague até {date} com a fatura QR abaixo.', currencyNote: 'Todos os valores em CHF, com IVA suíço incluído.',
    orderReceivedSubject: 'Recebemos seu pedido {code}', paymentReceivedSubject: 'Pagamento recebido do pedido {code}',
    hello: 'Olá, {name},', orderReceived: 'obrigado pelo seu pedido {code} no valor de CHF {total}.', bankTransfer: 'Transfira CHF {total} com a fatura QR anexa até {date}. Enviaremos seu pedido assim que o valor total for recebido.',
    paymentReceived: 'recebemos seu pagamento de CHF {total} referente ao pedido {code}. Sua fatura está anexa. Estamos preparando seu pacote.',
    follow: 'Acompanhe seu pedido aqui: {url}', regards: 'Atenciosamente,',
  },
  ru: {
    invoice: 'Счёт', paymentSlip: 'Счёт с платёжной частью', invoiceNo: 'Счёт №', invoiceDate: 'Дата счёта', orderCode: 'Код заказа', orderDate: 'Дата заказа',
    buyer: 'Плательщик', sku: 'Артикул', item: 'Товар', qty: 'Кол.', unitPrice: 'Цена за шт.', discount: 'Скидка', amount: 'Сумма',
    subtotal: 'Промежуточный итог', promo: 'Промоскидка', shipping: 'Доставка', total: 'Итого', vatIncl: 'включая НДС {rate} %', net: 'Сумма без НДС',
    bonus: 'Бонус инфлюенсера',
    vatNo: 'Номер плательщика НДС', paid: 'Оплачено {date}. Спасибо.', payBy: 'Пожалуйста, оплатите до {date} по QR-счёту ниже.', currencyNote: 'Все суммы в CHF, включая швейцарский НДС.',
    orderReceivedSubject: 'Ваш заказ {code} получен', paymentReceivedSubject: 'Оплата заказа {code} получена',
    hello: 'Здравствуйте, {name}!', orderReceived: 'спасибо за ваш заказ {code} на сумму CHF {total}.', bankTransfer: 'Пожалуйста, переведите CHF {total} по приложенному QR-счёту до {date}. Мы отправим заказ, как только поступит вся сумма.',
    paymentReceived: 'мы получили вашу оплату CHF {total} за заказ {code}. Счёт приложен. Мы уже собираем вашу посылку.',
    follow: 'Следить за заказом можно здесь: {url}', regards: 'С уважением,',
  },
  tr: {
    invoice: 'Fatura', paymentSlip: 'Ödeme bölümlü fatura', invoiceNo: 'Fatura no.', invoiceDate: 'Fatura tarihi', orderCode: 'Sipariş kodu', orderDate: 'Sipariş tarihi',
    buyer: 'Fatura adresi', sku: 'Stok kodu', item: 'Ürün', qty: 'Adet', unitPrice: 'Birim fiyat', discount: 'İnd.', amount: 'Tutar',
    subtotal: 'Ara toplam', promo: 'Promosyon indirimi', shipping: 'Kargo', total: 'Toplam', vatIncl: '%{rate} KDV dahil', net: 'KDV hariç tutar',
    bonus: 'Influencer bonusu',
    vatNo: 'KDV no.', paid: '{date} tarihinde ödendi. Teşekkür ederiz.', payBy: 'Lütfen {date} tarihine kadar aşağıdaki QR faturayla ödeyin.', currencyNote: 'Tüm tutarlar CHF cinsindendir, İsviçre KDV’si dahildir.',
    orderReceivedSubject: '{code} numaralı siparişiniz alındı', paymentReceivedSubject: '{code} numaralı siparişin ödemesi alındı',
    hello: 'Merhaba {name},', orderReceived: 'CHF {total} tutarındaki {code} numaralı siparişiniz için teşekkür ederiz.', bankTransfer: 'Lütfen CHF {total} tutarını ekteki QR faturayla {date} tarihine kadar havale edin. Tutarın tamamı ulaştığında siparişinizi göndereceğiz.',
    paymentReceived: '{code} numaralı sipariş için CHF {total} tutarındaki ödemenizi aldık. Faturanız ektedir. Paketinizi hazırlıyoruz.',
    follow: 'Siparişinizi buradan takip edebilirsiniz: {url}', regards: 'Saygılarımızla,',
  },
  vi: {
    invoice: 'Hóa đơn', paymentSlip: 'Hóa đơn kèm phiếu thanh toán', invoiceNo: 'Số hóa đơn', invoiceDate: 'Ngày hóa đơn', orderCode: 'Mã đơn hàng', orderDate: 'Ngày đặt hàng',
    buyer: 'Người mua', sku: 'Mã hàng', item: 'Sản phẩm', qty: 'SL', unitPrice: 'Đơn giá', discount: 'Giảm', amount: 'Thành tiền',
    subtotal: 'Tạm tính', promo: 'Giảm giá khuyến mãi', shipping: 'Phí vận chuyển', total: 'Tổng cộng', vatIncl: 'Đã gồm VAT {rate} %', net: 'Số tiền chưa gồm VAT',
    bonus: 'Thưởng người ảnh hưởng',
    vatNo: 'Mã số VAT', paid: 'Đã thanh toán ngày {date}. Xin cảm ơn.', payBy: 'Vui lòng thanh toán trước ngày {date} bằng hóa đơn QR bên dưới.', currencyNote: 'Mọi số tiền tính bằng CHF, đã gồm VAT Thụy Sĩ.',
    orderReceivedSubject: 'Chúng tôi đã nhận đơn hàng {code} của bạn', paymentReceivedSubject: 'Đã nhận thanh toán cho đơn hàng {code}',
    hello: 'Xin chào {name},', orderReceived: 'cảm ơn bạn đã đặt đơn hàng {code} trị giá CHF {total}.', bankTransfer: 'Vui lòng chuyển khoản CHF {total} bằng hóa đơn QR đính kèm trước ngày {date}. Chúng tôi sẽ gửi hàng khi nhận đủ số tiền.',
    paymentReceived: 'chúng tôi đã nhận khoản thanh toán CHF {total} cho đơn hàng {code}. Hóa đơn được đính kèm. Chúng tôi đang chuẩn bị kiện hàng của bạn.',
    follow: 'Bạn có thể theo dõi đơn hàng tại đây: {url}', regards: 'Trân trọng,',
  },
  zh: {
    invoice: '发票', paymentSlip: '含付款单的发票', invoiceNo: '发票编号', invoiceDate: '发票日期', orderCode: '订单编号', orderDate: '订单日期',
    buyer: '收票方', sku: '货号', item: '商品', qty: '数量', unitPrice: '单价', discount: '折扣', amount: '金额',
    subtotal: '小计', promo: '促销折扣', shipping: '运费', total: '合计', vatIncl: '含增值税 {rate} %', net: '不含增值税金额',
    bonus: '推广者奖励',
    vatNo: '增值税号', paid: '已于 {date} 付款。谢谢。', payBy: '请于 {date} 前使用下方的二维码账单付款。', currencyNote: '所有金额以瑞士法郎 (CHF) 计，含瑞士增值税。',
    orderReceivedSubject: '我们已收到您的订单 {code}', paymentReceivedSubject: '已收到订单 {code} 的付款',
    hello: '{name}，您好：', orderReceived: '感谢您下单 {code}，金额 CHF {total}。', bankTransfer: '请于 {date} 前使用附件中的二维码账单银行转账 CHF {total}。全额到账后我们将寄出您的订单。',
    paymentReceived: '我们已收到订单 {code} 的付款 CHF {total}。发票见附件。我们正在为您准备包裹。',
    follow: '您可在此查看订单状态：{url}', regards: '此致敬礼',
  },
};

const DOC_LANGS = [...Object.keys(LABELS), ...Object.keys(FURTHER)] as DocLang[];

/** The document language for a locale (`pl`, `pt-BR` → `pt` …; English for a language without labels). */
export function docLang(locale: string): DocLang {
  const base = locale.split('-')[0];
  return DOC_LANGS.find((l) => l === locale) ?? DOC_LANGS.find((l) => l === base) ?? 'en';
}

/** A label with `{name}` placeholders filled (English when the language lacks this label). */
export function label(lang: DocLang, key: LabelKey, params: Record<string, string | number> = {}): string {
  const text = (lang in LABELS ? LABELS[lang as FullLang][key] : FURTHER[lang as Exclude<DocLang, FullLang>][key]) ?? LABELS.en[key];
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));
}

/** A date as `dd.mm.yyyy` (Swiss convention), in Europe/Zurich. */
export function swissDate(d: Date): string {
  return new Intl.DateTimeFormat('de-CH', { timeZone: 'Europe/Zurich', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
}
