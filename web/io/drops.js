// Folders and files dropped on the app: a dropped folder is walked with webkitGetAsEntry and
// readEntries (called until it gives an empty batch, as the API requires), each file named by
// its path in the folder (f.fbclensPath), so a dropped folder loads as a picked one does.

function readEntry(entry, prefix, out) {
  if (entry.isFile) {
    return new Promise((resolve, reject) => entry.file((f) => {
      f.fbclensPath = prefix + entry.name;
      out.push(f);
      resolve();
    }, reject));
  }
  const reader = entry.createReader();
  return new Promise((resolve, reject) => {
    const batch = () => reader.readEntries(async (entries) => {
      if (!entries.length) return resolve();
      for (const e of entries) await readEntry(e, prefix + entry.name + '/', out);
      batch();
    }, reject);
    batch();
  });
}

/** The files of a drop (DataTransfer): folders walked, plain files as they are. */
export async function droppedFiles(dataTransfer) {
  const entries = Array.from(dataTransfer.items || []).map((i) => i.webkitGetAsEntry && i.webkitGetAsEntry()).filter(Boolean);
  if (!entries.length) return dataTransfer.files;
  const files = [];
  for (const e of entries) await readEntry(e, '', files);
  return files;
}
