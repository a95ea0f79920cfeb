import type { Summary } from '../../core/summary.ts';
import type { ServiceData } from '../service-data.ts';
import type { RecordRef } from './record-id.ts';

/** What every tool reads: the build's data, and the origins a record's page URL may be given on. */
export interface ToolContext {
  data: ServiceData;
  summaryOf(ref: RecordRef): Promise<Summary | undefined>;
  /** Where a record's page URL may point: the site's own origin and the one the request came to. */
  pageOrigins: readonly string[];
}
