/** The compact record of lists and search (contract section 2.1). */
export interface Summary {
  slug: string;
  title: string;
  category: string;
  summary: string;
  url: string;
  lastUpdated?: string;
}

export interface SummaryPage {
  collection: string;
  description?: string;
  data: Summary[];
  total: number;
  limit: number;
  offset: number;
}

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 200;
