/**
 * Builds camt.054.001.08 files (ISO 20022 BankToCustomerDebitCreditNotification, as Swiss banks
 * deliver them per the Swiss Payment Standards) for tests.
 */
export type CreditSpec = {
  acctSvcrRef: string;
  amount: string;
  currency?: string;
  reference: string;
  refType?: 'QRR' | 'SCOR';
  debtor?: string;
  indicator?: 'CRDT' | 'DBIT';
};

function entry(c: CreditSpec, i: number): string {
  const ind = c.indicator ?? 'CRDT';
  const refTp = c.refType === 'SCOR' ? '<Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp>' : '<Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp>';
  return `
      <Ntry>
        <NtryRef>ENTRY-${i}</NtryRef>
        <Amt Ccy="${c.currency ?? 'CHF'}">${c.amount}</Amt>
        <CdtDbtInd>${ind}</CdtDbtInd>
        <RvslInd>false</RvslInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-11-20</Dt></BookgDt>
        <ValDt><Dt>2026-11-20</Dt></ValDt>
        <AcctSvcrRef>E-${c.acctSvcrRef}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>VCOM</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><AcctSvcrRef>${c.acctSvcrRef}</AcctSvcrRef><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
            <Amt Ccy="${c.currency ?? 'CHF'}">${c.amount}</Amt>
            <CdtDbtInd>${ind}</CdtDbtInd>
            <RltdPties><Dbtr><Pty><Nm>${c.debtor ?? 'Anna Muster'}</Nm><PstlAdr><StrtNm>Seestrasse</StrtNm><BldgNb>5</BldgNb><PstCd>8002</PstCd><TwnNm>Zürich</TwnNm><Ctry>CH</Ctry></PstlAdr></Pty></Dbtr></RltdPties>
            <RmtInf><Strd><CdtrRefInf>${refTp}<Ref>${c.reference}</Ref></CdtrRefInf></Strd></RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>`;
}

export function camt054(credits: CreditSpec[], iban = 'CH4431999123000889012'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr>
      <MsgId>MSG-20261120-0001</MsgId>
      <CreDtTm>2026-11-20T18:00:00+01:00</CreDtTm>
    </GrpHdr>
    <Ntfctn>
      <Id>NTF-20261120-0001</Id>
      <CreDtTm>2026-11-20T18:00:00+01:00</CreDtTm>
      <Acct><Id><IBAN>${iban}</IBAN></Id></Acct>${credits.map(entry).join('')}
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>
`;
}
