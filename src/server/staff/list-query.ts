// What the panel's lists share in their queries: the search box and the pages.

/** A search term as an ILIKE pattern that matches it anywhere: its own %, _ and \ stand for themselves. */
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The offset of a list page of `size` rows: pages count from 1, and a missing or lower one is the first. */
export const pageOffset = (page: number | undefined, size: number) => (Math.max(1, page ?? 1) - 1) * size;
