// Hands a downloaded file to the browser (or the desktop window) to save under its name.
export function saveDownload(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is not needed after this tick.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
