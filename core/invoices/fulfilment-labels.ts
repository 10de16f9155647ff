/**
 * Texts of the shipping and refund e-mails and of the credit note, in the customer's language
 * (en, de, fr, it, es; English for the other document languages), with `{name}` placeholders.
 */
import type { DocLang } from './labels.ts';

const LABELS = {
  en: {
    shippedSubject: 'Your order {code} is on its way',
    shipped: 'your order {code} has left our shop with {carrier}. Tracking number: {tracking}.',
    trackHere: 'Follow your parcel here: {url}',
    refundSubject: 'Refund for your order {code}',
    refund: 'we have refunded CHF {amount} for your order {code}. The credit note is attached.',
    refundCard: 'The amount goes back to the card or TWINT account you paid with; your bank shows it within a few days.',
    refundBank: 'We transfer the amount to your account; please reply with your IBAN if we do not have it yet.',
    creditNote: 'Credit note', creditNoteNo: 'Credit note no.', creditNoteDate: 'Date', invoiceRef: 'For invoice no.',
    refunded: 'Refunded', reason: 'Reason', shippingAndOther: 'Amount not tied to items',
  },
  de: {
    shippedSubject: 'Ihre Bestellung {code} ist unterwegs',
    shipped: 'Ihre Bestellung {code} hat unser Geschäft mit {carrier} verlassen. Sendungsnummer: {tracking}.',
    trackHere: 'Hier verfolgen Sie Ihr Paket: {url}',
    refundSubject: 'Rückerstattung zu Ihrer Bestellung {code}',
    refund: 'wir haben Ihnen CHF {amount} für Ihre Bestellung {code} zurückerstattet. Die Gutschrift liegt bei.',
    refundCard: 'Der Betrag wird der Karte bzw. dem TWINT-Konto gutgeschrieben, mit dem Sie bezahlt haben; Ihre Bank zeigt ihn in einigen Tagen an.',
    refundBank: 'Wir überweisen den Betrag auf Ihr Konto; bitte antworten Sie mit Ihrer IBAN, falls wir sie noch nicht haben.',
    creditNote: 'Gutschrift', creditNoteNo: 'Gutschrift-Nr.', creditNoteDate: 'Datum', invoiceRef: 'Zu Rechnung Nr.',
    refunded: 'Zurückerstattet', reason: 'Grund', shippingAndOther: 'Betrag ohne Artikelbezug',
  },
  fr: {
    shippedSubject: 'Votre commande {code} est en route',
    shipped: 'votre commande {code} a quitté notre boutique avec {carrier}. Numéro de suivi : {tracking}.',
    trackHere: 'Suivez votre colis ici : {url}',
    refundSubject: 'Remboursement de votre commande {code}',
    refund: 'nous vous avons remboursé CHF {amount} pour votre commande {code}. La note de crédit est jointe.',
    refundCard: 'Le montant est recrédité sur la carte ou le compte TWINT utilisé ; votre banque l’affiche sous quelques jours.',
    refundBank: 'Nous virons le montant sur votre compte ; répondez-nous avec votre IBAN si nous ne l’avons pas encore.',
    creditNote: 'Note de crédit', creditNoteNo: 'Note de crédit n°', creditNoteDate: 'Date', invoiceRef: 'Pour la facture n°',
    refunded: 'Remboursé', reason: 'Motif', shippingAndOther: 'Montant sans article',
  },
  it: {
    shippedSubject: 'Il suo ordine {code} è in viaggio',
    shipped: 'il suo ordine {code} ha lasciato il nostro negozio con {carrier}. Numero di tracciamento: {tracking}.',
    trackHere: 'Segua il pacco qui: {url}',
    refundSubject: 'Rimborso per il suo ordine {code}',
    refund: 'le abbiamo rimborsato CHF {amount} per il suo ordine {code}. La nota di credito è allegata.',
    refundCard: 'L’importo torna sulla carta o sul conto TWINT usato per pagare; la sua banca lo mostrerà entro pochi giorni.',
    refundBank: 'Le bonifichiamo l’importo; se non abbiamo ancora il suo IBAN, ce lo comunichi rispondendo a questa e-mail.',
    creditNote: 'Nota di credito', creditNoteNo: 'Nota di credito n.', creditNoteDate: 'Data', invoiceRef: 'Per la fattura n.',
    refunded: 'Rimborsato', reason: 'Motivo', shippingAndOther: 'Importo non legato ad articoli',
  },
  es: {
    shippedSubject: 'Su pedido {code} está en camino',
    shipped: 'su pedido {code} ha salido de nuestra tienda con {carrier}. Número de seguimiento: {tracking}.',
    trackHere: 'Siga su paquete aquí: {url}',
    refundSubject: 'Reembolso de su pedido {code}',
    refund: 'le hemos reembolsado CHF {amount} de su pedido {code}. Adjuntamos la nota de crédito.',
    refundCard: 'El importe vuelve a la tarjeta o cuenta TWINT con la que pagó; su banco lo mostrará en unos días.',
    refundBank: 'Le transferimos el importe; si aún no tenemos su IBAN, respóndanos con él.',
    creditNote: 'Nota de crédito', creditNoteNo: 'Nota de crédito n.º', creditNoteDate: 'Fecha', invoiceRef: 'Para la factura n.º',
    refunded: 'Reembolsado', reason: 'Motivo', shippingAndOther: 'Importe no vinculado a artículos',
  },
} satisfies Record<'en' | 'de' | 'fr' | 'it' | 'es', Record<string, string>>;

export type FulfilmentLabel = keyof (typeof LABELS)['en'];

/** A fulfilment text with `{name}` placeholders filled. */
export function fulfilmentLabel(lang: DocLang, key: FulfilmentLabel, params: Record<string, string | number> = {}): string {
  const texts = lang in LABELS ? LABELS[lang as keyof typeof LABELS] : LABELS.en;
  return texts[key].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));
}
