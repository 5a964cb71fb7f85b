// The demo's bank file (issue 28): a camt.054.001.08 credit notification as a Swiss bank delivers it
// (SIX Swiss Payment Standards, «ISO 20022 Cash Management», QR payments with a QR reference, QRR).
// Deterministic: the same payments give the same bytes (ids are derived from the references).
import { createHash } from 'node:crypto';

const money = (n) => n.toFixed(2);
const xml = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const idOf = (text) => createHash('sha256').update(text).digest('hex').slice(0, 12).toUpperCase();

/**
 * `payments`: [{ reference (27-digit QRR), amount (CHF), debtor, date (yyyy-MM-dd) }], credited to `iban`.
 * Every payment is one booked entry with one transaction.
 */
export function demoCamt054(iban, payments) {
  const key = idOf(payments.map((p) => `${p.reference}/${money(p.amount)}/${p.date}`).join('|'));
  const created = payments
    .map((p) => p.date)
    .sort()
    .at(-1);
  const entries = payments
    .map((p) => {
      const id = idOf(`${key}/${p.reference}`);
      return `      <Ntry>
        <Amt Ccy="CHF">${money(p.amount)}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <RvslInd>false</RvslInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${p.date}</Dt></BookgDt>
        <ValDt><Dt>${p.date}</Dt></ValDt>
        <AcctSvcrRef>DEMO-NTRY-${id}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>VCOM</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><AcctSvcrRef>DEMO-TX-${id}</AcctSvcrRef></Refs>
            <Amt Ccy="CHF">${money(p.amount)}</Amt>
            <CdtDbtInd>CRDT</CdtDbtInd>
            <RltdPties><Dbtr><Pty><Nm>${xml(p.debtor)}</Nm></Pty></Dbtr></RltdPties>
            <RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp><Ref>${p.reference}</Ref></CdtrRefInf></Strd></RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>DEMO-${key}</MsgId><CreDtTm>${created}T22:00:00</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>DEMO-NTFCTN-${key}</Id>
      <CreDtTm>${created}T22:00:00</CreDtTm>
      <Acct><Id><IBAN>${iban.replace(/ /g, '')}</IBAN></Id></Acct>
${entries}
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>
`;
}
