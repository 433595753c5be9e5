/**
 * The phone's own share sheet: `navigator.share` where it exists. Returns false when it
 * does not, so the caller opens the share dialog instead. Kept apart from share-utils (QR code
 * library) because the first paint of a card loads it.
 */
export async function nativeShare(data: { title: string; text: string; url: string }): Promise<boolean> {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return false;
  try {
    await navigator.share(data);
  } catch {
    // The visitor closed the sheet (AbortError) or the browser refused: nothing else to do.
  }
  return true;
}
