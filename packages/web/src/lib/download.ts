/** A file the server answered as base64 (the contract's downloadFile: import template, restock bill). */
export interface Base64File {
  filename: string;
  content_type: string;
  data: string;
}

export function base64ToBlob(file: Base64File): Blob {
  const binary = atob(file.data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: file.content_type || 'application/octet-stream' });
}

/**
 * Follows a link to a file through a temporary anchor carrying its name. Desktop browsers save it; the in-app
 * browsers open it with the phone's viewer or offer "open in browser", which is as far as a web page can go there.
 * Also for links a server answers (a report's short-lived link), which need no headers.
 */
export function downloadUrl(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Saves a file the server answered as base64. */
export function saveFile(file: Base64File): void {
  const url = URL.createObjectURL(base64ToBlob(file));
  downloadUrl(url, file.filename);
  // Some browsers start reading the URL only after the click's task: give them time before revoking it.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
