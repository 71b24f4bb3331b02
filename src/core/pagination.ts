import type { Pagination } from '../shared/types';

export interface PageQuery {
  page?: number;
  per_page?: number;
}

export interface Page {
  /** The 0-based index of the page's first row, and how many rows it holds at most. */
  offset: number;
  limit: number;
  /** The page's rows of all `rows`. */
  slice<T>(rows: readonly T[]): T[];
  /** What the answer says about the page, once the total is known. */
  pagination(total: number): Pagination;
}

/**
 * Page n of per_page is the rows from (n - 1) × per_page: a page past the last is empty and still
 * tells the true total, and last_page is 1 when there are no rows at all.
 */
export function paginate(query: PageQuery, defaultPerPage: number): Page {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? defaultPerPage;
  const offset = (page - 1) * perPage;
  return {
    offset,
    limit: perPage,
    slice: (rows) => rows.slice(offset, offset + perPage),
    pagination: (total) => ({
      current_page: page,
      per_page: perPage,
      total,
      last_page: Math.max(1, Math.ceil(total / perPage)),
    }),
  };
}
