/**
 * Texts of invoices and order e-mails in the customer's language: complete in en, de, fr, it, es;
 * the further locales (issue 10) have their own table where a missing label falls back to
 * English. Invoice PDFs are drawn with PDF standard fonts (WinAnsi), so a PDF is in the customer's
 * language only when that language's labels can be written with them ({@link pdfLang}); e-mail
 * texts have no such limit.
 */

/** The five languages whose tables are complete. */
type FullLang = 'en' | 'de' | 'fr' | 'it' | 'es';
/** A language with labels. */
export type DocLang = FullLang | 'ar' | 'id' | 'ja' | 'ko' | 'pl';

const LABELS = {
  en: {
    invoice: 'Invoice', paymentSlip: 'Invoice with payment slip', invoiceNo: 'Invoice no.', invoiceDate: 'Invoice date', orderCode: 'Order code', orderDate: 'Order date',
    buyer: 'Bill to', sku: 'SKU', item: 'Item', qty: 'Qty', unitPrice: 'Unit price', discount: 'Disc.', amount: 'Amount',
    subtotal: 'Subtotal', promo: 'Promo discount', shipping: 'Shipping', total: 'Total', vatIncl: 'VAT {rate} % included', net: 'Amount excluding VAT',
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
    vatNo: 'Nr VAT', paid: 'Zapłacono {date}. Dziękujemy.', payBy: 'Prosimy o zapłatę do {date} za pomocą poniższej QR-faktury.', currencyNote: 'Wszystkie kwoty w CHF, z uwzględnieniem szwajcarskiego VAT.',
    orderReceivedSubject: 'Otrzymaliśmy zamówienie {code}', paymentReceivedSubject: 'Otrzymaliśmy płatność za zamówienie {code}',
    hello: 'Dzień dobry {name},', orderReceived: 'dziękujemy za zamówienie {code} na kwotę CHF {total}.', bankTransfer: 'Prosimy o przelew kwoty CHF {total} z użyciem załączonej QR-faktury do {date}. Wyślemy zamówienie, gdy wpłynie pełna kwota.',
    paymentReceived: 'otrzymaliśmy płatność w wysokości CHF {total} za zamówienie {code}. Faktura znajduje się w załączniku. Przygotowujemy teraz przesyłkę.',
    follow: 'Status zamówienia można sprawdzić tutaj: {url}', regards: 'Z wyrazami szacunku',
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

/** Characters the PDF standard fonts can write (WinAnsiEncoding: Latin-1 plus the Windows-1252 extras). */
const WIN_ANSI = /^[\u0020-\u007e\u00a0-\u00ff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ\n]*$/;

/**
 * The language of an invoice PDF for a locale: the document language when all its labels can be
 * drawn with the standard fonts, else English (Arabic, Japanese, Korean and Polish need fonts the
 * PDF does not embed yet).
 */
export function pdfLang(locale: string): DocLang {
  const lang = docLang(locale);
  const keys = Object.keys(LABELS.en) as LabelKey[];
  return keys.every((k) => WIN_ANSI.test(label(lang, k))) ? lang : 'en';
}

/** A date as `dd.mm.yyyy` (Swiss convention), in Europe/Zurich. */
export function swissDate(d: Date): string {
  return new Intl.DateTimeFormat('de-CH', { timeZone: 'Europe/Zurich', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
}
