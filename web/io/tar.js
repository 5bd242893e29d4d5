// A tar archive's regular files, read in the page (no DOM, no Node APIs): what catalog-source.js
// takes from a .tar.gz once DecompressionStream has inflated it. Hostile archives are expected
// (a catalog picked from anywhere): a corrupt header or an entry running past the end is an
// 'archive' error; paths climbing out of the archive are dropped (tests/browser/tar.test.mjs
// checks both with fast-check).
import { FbclensSourceError } from './source-error.js';

const fail = (kind, message) => { throw new FbclensSourceError(kind, message); };

const text = (b, from, to) => {
  const field = b.subarray(from, to);
  const end = field.indexOf(0);
  return new TextDecoder().decode(end < 0 ? field : field.subarray(0, end));
};
// A numeric header field: octal text, or base-256 when its first byte has the high bit (GNU, for
// sizes over 8 GiB, which the size cap refuses anyway).
function number(b, from, to) {
  if (b[from] & 0x80) {
    let n = b[from] & 0x7f;
    for (let i = from + 1; i < to; i++) n = n * 256 + b[i];
    return n;
  }
  const s = text(b, from, to).trim();
  return s === '' ? 0 : parseInt(s, 8);
}
// A pax extended header's records: "LEN key=value\n" each.
function paxRecords(data) {
  const out = {};
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    if (space < 0) break;
    const len = parseInt(new TextDecoder().decode(data.subarray(at, space)), 10);
    if (!(len > 0) || at + len > data.length) break;
    const record = new TextDecoder().decode(data.subarray(space + 1, at + len - 1));
    const eq = record.indexOf('=');
    if (eq > 0) out[record.slice(0, eq)] = record.slice(eq + 1);
    at += len;
  }
  return out;
}
// An entry's path as the catalog sees it, or null to leave the entry out: "./" and "/" prefixes
// dropped; paths climbing out with ".." refused; and macOS's AppleDouble companions ("._x.json",
// "__MACOSX/"), which exist only in the archive, never in the folder it was made from.
export function catalogPath(name) {
  const parts = name.split('/').filter((p) => p !== '' && p !== '.');
  if (!parts.length || parts.includes('..') || parts[0] === '__MACOSX' || parts[parts.length - 1].startsWith('._')) return null;
  return parts.join('/');
}

/**
 * The regular files of a tar archive (ustar, pax and GNU long names) → [{path, data}] in archive
 * order; directories, links and devices are left out. Throws an 'archive' error for a header
 * whose checksum does not match or an entry that runs past the end.
 */
export function readTar(bytes) {
  const files = [];
  let at = 0, longName = null, pax = {};
  while (at + 512 <= bytes.length) {
    const header = bytes.subarray(at, at + 512);
    if (header.every((x) => x === 0)) break;  // the end-of-archive blocks
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i];
    if (sum !== number(header, 148, 156)) fail('archive', 'not a tar archive, or a corrupt one: header checksum mismatch at byte ' + at);
    const size = number(header, 124, 136);
    const type = String.fromCharCode(header[156] || 0x30);
    const dataAt = at + 512;
    if (dataAt + size > bytes.length) fail('archive', 'the tar archive is truncated (an entry runs past its end at byte ' + at + ')');
    const data = bytes.subarray(dataAt, dataAt + size);
    const prefix = text(header, 345, 500);
    const name = longName || pax.path || (prefix ? prefix + '/' : '') + text(header, 0, 100);
    if (type === 'L') longName = text(data, 0, data.length);
    else if (type === 'x') pax = paxRecords(data);
    else {
      if (type === '0' || type === '7') {
        const path = catalogPath(name);
        if (path !== null) files.push({ path, data });
      }
      longName = null;
      pax = {};
    }
    at = dataAt + Math.ceil(size / 512) * 512;
  }
  return files;
}

