// Partial selection for the ranking: a bounded max-heap over a Float64Array keeps the N
// smallest totals seen so far in O(log N) per admission, instead of sorting every offer.

/** Inserts into the bounded max-heap `h` of current size `size` (capacity h.length); returns the new size. */
export function heapPush(h: Float64Array, size: number, value: number): number {
  if (size < h.length) {
    let i = size;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (h[parent]! >= value) break;
      h[i] = h[parent]!;
      i = parent;
    }
    h[i] = value;
    return size + 1;
  }
  if (value >= h[0]!) return size;
  let i = 0;
  for (;;) {
    const l = 2 * i + 1;
    if (l >= size) break;
    const r = l + 1;
    const c = r < size && h[r]! > h[l]! ? r : l;
    if (h[c]! <= value) break;
    h[i] = h[c]!;
    i = c;
  }
  h[i] = value;
  return size;
}
