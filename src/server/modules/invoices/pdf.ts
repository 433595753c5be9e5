/**
 * The tax invoice as a PDF, in English or Arabic, drawn from the stored snapshot.
 * Bidirectional lines and the shipped Arabic font: platform/pdf/bidi-text.ts.
 */
import PDFDocument from 'pdfkit';
import type { Invoice } from '../../db/schema';
import { arabicLigaturesInReadingOrder, registerFonts, textWriter } from '../../platform/pdf/bidi-text';
import { formatFils, formatRate } from './vat';

export type InvoiceLang = 'en' | 'ar';

const LABELS = {
  en: {
    title: 'Tax Invoice',
    seller: 'Seller',
    trn: 'TRN',
    number: 'Invoice number',
    date: 'Invoice date',
    billTo: 'Bill to',
    description: 'Description',
    amount: 'Amount (AED)',
    net: 'Amount excluding VAT',
    vat: (rate: string) => `VAT ${rate}`,
    total: 'Total (AED)',
    note: 'All amounts are in UAE dirhams (AED). The price includes VAT.',
  },
  ar: {
    title: 'فاتورة ضريبية',
    seller: 'البائع',
    trn: 'الرقم الضريبي (TRN)',
    number: 'رقم الفاتورة',
    date: 'تاريخ الفاتورة',
    billTo: 'فاتورة إلى',
    description: 'الوصف',
    amount: 'المبلغ (درهم)',
    net: 'المبلغ غير شامل ضريبة القيمة المضافة',
    vat: (rate: string) => `ضريبة القيمة المضافة ${rate}`,
    total: 'الإجمالي (درهم)',
    note: 'جميع المبالغ بالدرهم الإماراتي. السعر شامل ضريبة القيمة المضافة.',
  },
} as const;

const PAGE = { width: 595.28, height: 841.89, margin: 50 };

/** Renders the invoice; resolves with the PDF bytes. */
export function renderInvoicePdf(invoice: Invoice, lang: InvoiceLang): Promise<Buffer> {
  const t = LABELS[lang];
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    lang,
    displayTitle: true,
    info: {
      Title: `${t.title} ${invoice.number}`,
      Author: lang === 'ar' ? invoice.sellerNameAr : invoice.sellerName,
      Subject: invoice.number,
      CreationDate: invoice.issuedAt,
    },
  });
  registerFonts(doc);

  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const width = right - left;

  const { line, wrap } = textWriter(doc, dir, { left, right });

  const rule = (y: number, strong = false) => {
    doc
      .moveTo(left, y)
      .lineTo(right, y)
      .lineWidth(strong ? 1 : 0.5)
      .strokeColor(strong ? '#111827' : '#d1d5db')
      .stroke();
  };

  const sellerName = lang === 'ar' ? invoice.sellerNameAr : invoice.sellerName;
  const sellerAddress = lang === 'ar' ? invoice.sellerAddressAr : invoice.sellerAddress;
  const description = lang === 'ar' ? invoice.descriptionAr : invoice.description;

  let y = PAGE.margin;
  line(t.title, y, { size: 22, bold: true });
  line(invoice.number, y + 8, { size: 12, bold: true, align: 'end' });
  y += 44;
  rule(y, true);
  y += 14;

  // Seller (start side) and the invoice's number and date (end side).
  const half = width / 2;
  const startCol = dir === 'ltr' ? { from: left, to: left + half - 10 } : { from: right - half + 10, to: right };
  const endCol = dir === 'ltr' ? { from: left + half + 10, to: right } : { from: left, to: left + half - 10 };
  let ys = y;
  line(t.seller, ys, { size: 9, color: '#6b7280', ...startCol });
  ys += 14;
  line(sellerName, ys, { size: 11, bold: true, ...startCol });
  ys += 16;
  for (const l of wrap(sellerAddress, half - 10, 10)) {
    line(l, ys, startCol);
    ys += 14;
  }
  line(`${t.trn}: ${invoice.sellerTrn}`, ys, startCol);
  ys += 14;

  let ye = y;
  for (const [label, value] of [
    [t.number, invoice.number],
    [t.date, invoice.issueDate],
  ] as const) {
    line(label, ye, { size: 9, color: '#6b7280', ...endCol });
    ye += 14;
    line(value, ye, { size: 11, bold: true, ...endCol });
    ye += 20;
  }
  y = Math.max(ys, ye) + 12;

  line(t.billTo, y, { size: 9, color: '#6b7280' });
  y += 14;
  line(invoice.buyerName, y, { size: 11, bold: true });
  y += 16;
  line(invoice.buyerEmail, y);
  y += 28;

  // The line item.
  const amountCol = 110;
  const descCol = dir === 'ltr' ? { from: left, to: right - amountCol } : { from: left + amountCol, to: right };
  const amtCol = dir === 'ltr' ? { from: right - amountCol, to: right } : { from: left, to: left + amountCol };
  line(t.description, y, { size: 9, bold: true, color: '#374151', ...descCol });
  line(t.amount, y, { size: 9, bold: true, color: '#374151', align: 'end', ...amtCol });
  y += 16;
  rule(y);
  y += 8;
  const descLines = wrap(description, width - amountCol - 10, 10);
  line(formatFils(invoice.netFils), y, { align: 'end', ...amtCol });
  for (const l of descLines) {
    line(l, y, descCol);
    y += 14;
  }
  y += 6;
  rule(y);
  y += 10;

  // Totals, on the end side.
  const totals: [string, string, boolean][] = [
    [t.net, formatFils(invoice.netFils), false],
    [t.vat(formatRate(invoice.vatRateBp)), formatFils(invoice.vatFils), false],
    [t.total, formatFils(invoice.totalFils), true],
  ];
  const labelCol =
    dir === 'ltr' ? { from: left + 150, to: right - amountCol } : { from: left + amountCol, to: right - 150 };
  for (const [label, value, strong] of totals) {
    if (strong) {
      y += 4;
      rule(y);
      y += 8;
    }
    line(label, y, { bold: strong, size: strong ? 12 : 10, align: 'end', ...labelCol });
    line(value, y, { bold: strong, size: strong ? 12 : 10, align: 'end', ...amtCol });
    y += strong ? 20 : 16;
  }
  y += 24;
  line(t.note, y, { size: 9, color: '#6b7280' });

  arabicLigaturesInReadingOrder(doc);
  doc.end();
  return done;
}

/** The attachment's file name, e.g. "INV-2026-000001.pdf". */
export function invoiceFileName(invoice: Pick<Invoice, 'number'>): string {
  return `${invoice.number}.pdf`;
}
