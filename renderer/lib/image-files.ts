// Images a user hands the page (dropped, pasted): which of the files are pictures, and their bytes as a data URL.
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export function imageFilesOf(data: DataTransfer | null): File[] {
  if (!data) return [];
  return [...data.files].filter((f) => (IMAGE_TYPES as readonly string[]).includes(f.type));
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}
