/**
 * Copies HTML as rich text (the e-mail signature's Copy), so pasting into Gmail's or Outlook's
 * signature box keeps the layout. The async clipboard with a text/html item first (plain text
 * beside it for fields that take text only); where that is missing or refused, the selection of
 * a hidden rendered copy and execCommand('copy'), which also copies as HTML.
 */
export async function copyHtml(html: string, plain: string): Promise<void> {
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    try {
      await navigator.clipboard.write([
        new ClipboardItem({
          'text/html': new Blob([html], { type: 'text/html' }),
          'text/plain': new Blob([plain], { type: 'text/plain' }),
        }),
      ]);
      return;
    } catch {
      // Fall through to the selection copy.
    }
  }
  const holder = document.createElement('div');
  holder.contentEditable = 'true';
  holder.style.position = 'fixed';
  holder.style.insetInlineStart = '-10000px';
  holder.innerHTML = html;
  document.body.appendChild(holder);
  const range = document.createRange();
  range.selectNodeContents(holder);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  const ok = document.execCommand('copy');
  selection?.removeAllRanges();
  holder.remove();
  if (!ok) throw new Error('copy failed');
}
