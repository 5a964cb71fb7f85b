/** Saves a blob under a file name (object URL + temporary link). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** True when a click came from a control inside a row or card (it must not open the detail too). */
export function fromInteractive(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('button, a, input, .ant-popover, .ant-dropdown') !== null;
}
