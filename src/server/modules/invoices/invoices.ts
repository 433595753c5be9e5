/**
 * Tax invoices. `issueInvoice` runs inside the billing transaction of the payment
 * it is for (billing.ts): the number is taken from the year's counter row, which the upsert
 * keeps locked until that transaction ends. Concurrent payments therefore get consecutive
 * numbers one after another, and a transaction that rolls back gives its number back: the
 * sequence per year has no gaps and no duplicates (a PostgreSQL sequence would leave gaps).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { InvoiceSeller } from '../../config';
import type { DbOrTx, Tx } from '../../db/client';
import { type Invoice, invoiceCounters, invoices } from '../../db/schema';
import type { InvoiceSummary } from '../../../core/schemas/subscription';
import type { MailAttachment } from '../../platform/mail/mailer';
import type { AttachmentResolver } from '../../platform/mail/outbox';
import { invoiceFileName, renderInvoicePdf } from './pdf';
import { splitVatInclusive } from './vat';

/** Dubai has no daylight saving time: the UAE calendar day is UTC+4. */
const UAE_OFFSET_MS = 4 * 60 * 60 * 1000;

/** The UAE calendar date of an instant, "YYYY-MM-DD". */
export function uaeDate(at: Date): string {
  return new Date(at.getTime() + UAE_OFFSET_MS).toISOString().slice(0, 10);
}

export function invoiceNumber(year: number, seq: number): string {
  return `INV-${year}-${String(seq).padStart(6, '0')}`;
}

export interface IssueInvoiceInput {
  userId: string;
  /** The buyer as printed: name and e-mail at the time of the payment. */
  buyer: { name: string; email: string };
  paymentId: string;
  /** What was charged, VAT included, in fils. */
  totalFils: number;
  issuedAt: Date;
  seller: InvoiceSeller;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** What was bought, when not the one-person yearly plan (a brokerage's seats). */
  description?: { en: string; ar: string };
}

/** Takes the next number of the year. Only inside the transaction that stores the invoice. */
async function nextSeq(tx: Tx, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, lastSeq: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { lastSeq: sql`${invoiceCounters.lastSeq} + 1` } })
    .returning({ seq: invoiceCounters.lastSeq });
  if (!row) throw new Error('invoice counter did not return a number');
  return row.seq;
}

/** Issues the invoice of a successful payment; at most one per payment (unique payment id). */
export async function issueInvoice(tx: Tx, input: IssueInvoiceInput): Promise<Invoice> {
  if (!input.buyer.email) throw new Error(`invoice without a buyer (user ${input.userId})`);
  const issueDate = uaeDate(input.issuedAt);
  const year = Number(issueDate.slice(0, 4));
  const seq = await nextSeq(tx, year);
  const amounts = splitVatInclusive(input.totalFils);
  const from = input.periodStart ? uaeDate(input.periodStart) : null;
  const to = input.periodEnd ? uaeDate(input.periodEnd) : null;
  const [invoice] = await tx
    .insert(invoices)
    .values({
      year,
      seq,
      number: invoiceNumber(year, seq),
      userId: input.userId,
      paymentId: input.paymentId,
      issuedAt: input.issuedAt,
      issueDate,
      sellerName: input.seller.name,
      sellerNameAr: input.seller.nameAr,
      sellerAddress: input.seller.address,
      sellerAddressAr: input.seller.addressAr,
      sellerTrn: input.seller.trn,
      buyerName: input.buyer.name.trim(),
      buyerEmail: input.buyer.email,
      description:
        input.description?.en ??
        `Bitaqa Professional Plan, yearly subscription${from && to ? ` (${from} to ${to})` : ''}`,
      descriptionAr:
        input.description?.ar ??
        `الخطة الاحترافية في Bitaqa، اشتراك سنوي${from && to ? ` (من ${from} إلى ${to})` : ''}`,
      currency: 'AED',
      ...amounts,
    })
    .returning();
  return invoice;
}

/** An invoice as the user's list shows it (GET /api/subscription/invoices). */
export function invoiceSummary(i: Invoice): InvoiceSummary {
  return {
    id: i.id,
    number: i.number,
    issueDate: i.issueDate,
    description: i.description,
    descriptionAr: i.descriptionAr,
    currency: i.currency,
    netFils: i.netFils,
    vatFils: i.vatFils,
    totalFils: i.totalFils,
    pdfUrl: `/api/subscription/invoices/${i.id}/pdf`,
  };
}

/** The user's invoices, newest first. */
export function listInvoices(db: DbOrTx, userId: string): Promise<Invoice[]> {
  return db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.year), desc(invoices.seq));
}

/** One of the user's invoices, or undefined (another user's invoice is not found either). */
export async function findOwnInvoice(db: DbOrTx, userId: string, id: string): Promise<Invoice | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.userId, userId)))
    .limit(1);
  return row;
}

export async function findInvoice(db: DbOrTx, id: string): Promise<Invoice | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row;
}

/** The outbox's attachment resolver: renders invoice PDFs from the stored snapshot at send time. */
export function invoiceAttachmentResolver(db: DbOrTx): AttachmentResolver {
  return async (refs) => {
    const files: MailAttachment[] = [];
    for (const ref of refs) {
      if (ref.type !== 'invoicePdf') continue;
      const invoice = await findInvoice(db, ref.invoiceId);
      if (!invoice) continue;
      files.push({
        filename: invoiceFileName(invoice),
        content: await renderInvoicePdf(invoice, ref.lang),
        contentType: 'application/pdf',
      });
    }
    return files;
  };
}
