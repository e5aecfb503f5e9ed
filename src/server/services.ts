import type { Config } from "./config";
import { ContentService } from "./content/service";
import type { Database } from "./db/client";

/**
 * The service layer shared by API handlers and route loaders. Each area adds its service here, so
 * a loader and an API call for the same data run the same code.
 */
export interface Services {
  config: Config;
  database: Database;
  /** Literals, documents, FAQ and catalogue summaries for the content pages. */
  content: ContentService;
}

export function createServices(config: Config, database: Database): Services {
  return { config, database, content: new ContentService(database) };
}
