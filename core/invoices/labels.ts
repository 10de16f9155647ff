/** Texts of invoices and order e-mails in the customer's language (en, de, fr, it, es; English fallback). */

export type DocLang = 'en' | 'de' | 'fr' | 'it' | 'es';

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
} satisfies Record<DocLang, Record<string, string>>;

export type LabelKey = keyof (typeof LABELS)['en'];

/** The document language for a locale (English for the others). */
export function docLang(locale: string): DocLang {
  return (['en', 'de', 'fr', 'it', 'es'] as const).find((l) => l === locale) ?? 'en';
}

/** A label with `{name}` placeholders filled. */
export function label(lang: DocLang, key: LabelKey, params: Record<string, string | number> = {}): string {
  return LABELS[lang][key].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));
}

/** A date as `dd.mm.yyyy` (Swiss convention), in Europe/Zurich. */
export function swissDate(d: Date): string {
  return new Intl.DateTimeFormat('de-CH', { timeZone: 'Europe/Zurich', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
}
