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
 * tells the true total, and last_page is 1 when there are no rows at all. A class rather than an
 * object of closures: every list request makes one, and two closures a request cost (issue 28).
 */
class RequestedPage implements Page {
  readonly offset: number;

  constructor(
    private readonly page: number,
    readonly limit: number,
  ) {
    this.offset = (page - 1) * limit;
  }

  slice<T>(rows: readonly T[]): T[] {
    return rows.slice(this.offset, this.offset + this.limit);
  }

  pagination(total: number): Pagination {
    return {
      current_page: this.page,
      per_page: this.limit,
      total,
      last_page: Math.max(1, Math.ceil(total / this.limit)),
    };
  }
}

export const paginate = (query: PageQuery, defaultPerPage: number): Page =>
  new RequestedPage(query.page ?? 1, query.per_page ?? defaultPerPage);
