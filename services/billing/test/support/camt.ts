import { randomUUID } from 'node:crypto';

export interface CamtTestEntry {
  reference: string;
  amount: string;
  /** The bank's AcctSvcrRef of the entry; none: the import keys it by reference, date, amount and debtor. */
  bankRef?: string;
  date?: string;
  debtor?: string;
  debit?: boolean;
  reversal?: boolean;
}

/**
 * A camt.054 notification or camt.053 statement (.001.04) on `account` with one entry per payment,
 * written for the tests (modelled on the banks' files; see test/fixtures/camt054/PROVENANCE.md).
 */
export function camtFile(message: '053' | '054', account: string, entries: CamtTestEntry[]): Buffer {
  const ntry = entries
    .map((e) => {
      const side = e.debit ? 'DBIT' : 'CRDT';
      const ref = e.bankRef ? `<AcctSvcrRef>${e.bankRef}</AcctSvcrRef>` : '';
      return `<Ntry><Amt Ccy="CHF">${e.amount}</Amt><CdtDbtInd>${side}</CdtDbtInd><RvslInd>${e.reversal ? 'true' : 'false'}</RvslInd>
  <Sts>BOOK</Sts><BookgDt><Dt>${e.date ?? '2026-03-12'}</Dt></BookgDt><ValDt><Dt>${e.date ?? '2026-03-12'}</Dt></ValDt>${ref}
  <NtryDtls><TxDtls><Amt Ccy="CHF">${e.amount}</Amt><CdtDbtInd>${side}</CdtDbtInd>
  <RltdPties><Dbtr><Nm>${e.debtor ?? 'Rossi SA'}</Nm></Dbtr></RltdPties>
  <RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp><Ref>${e.reference}</Ref></CdtrRefInf></Strd></RmtInf>
  </TxDtls></NtryDtls></Ntry>`;
    })
    .join('\n');
  const [root, report] = message === '053' ? ['BkToCstmrStmt', 'Stmt'] : ['BkToCstmrDbtCdtNtfctn', 'Ntfctn'];
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.${message}.001.04"><${root}>
<GrpHdr><MsgId>TEST-${randomUUID()}</MsgId><CreDtTm>2026-03-12T22:00:00</CreDtTm></GrpHdr>
<${report}><Id>R-1</Id><CreDtTm>2026-03-12T22:00:00</CreDtTm><Acct><Id><IBAN>${account}</IBAN></Id></Acct>
${ntry}
</${report}></${root}></Document>`);
}
