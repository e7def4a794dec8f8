/** Writing to the clipboard, without React: the buyer page's boot script copies a Pix code before the app runs. */

/**
 * execCommand('copy') with the text put on the copy event itself. It needs no selection, so it also works inside a
 * dialog, whose focus trap takes the focus (and the selection) back from any helper element outside it.
 */
function copyByEvent(text: string): boolean {
  let written = false;
  const onCopy = (event: ClipboardEvent) => {
    if (!event.clipboardData) return;
    event.clipboardData.setData('text/plain', text);
    event.preventDefault();
    written = true;
  };
  document.addEventListener('copy', onCopy, true);
  try {
    document.execCommand('copy');
  } finally {
    document.removeEventListener('copy', onCopy, true);
  }
  return written;
}

/**
 * Puts text on the clipboard. Where the Clipboard API is refused (a site opened over plain http at a LAN address,
 * an old in-app browser), execCommand('copy'): first with the text set on the copy event, then, for a browser
 * without event.clipboardData, from a hidden textarea.
 */
export async function writeClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    if (copyByEvent(text)) return;
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      document.execCommand('copy');
    } finally {
      area.remove();
    }
  }
}
