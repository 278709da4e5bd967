/** Public URLs of the client bundle's files for the page head. */
export interface ClientAssets {
  scripts: string[];
  styles: string[];
}

export const NO_CLIENT_ASSETS: ClientAssets = { scripts: [], styles: [] };
