/**
 * Automatic updates with electron-updater, from a feed the deployment configures (UPDATE_FEED_URL). With no feed
 * set, updates are off: nothing is checked or downloaded.
 */
export interface Updater {
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdatesAndNotify(): Promise<unknown>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  autoDownload: boolean;
}

export function configureUpdates(
  updater: Updater,
  feedUrl: string | undefined,
  log: (message: string) => void,
): boolean {
  if (!feedUrl) return false;
  updater.autoDownload = true;
  updater.setFeedURL({ provider: 'generic', url: feedUrl });
  updater.on('error', (error) => log(`update check failed: ${error.message}`));
  void updater
    .checkForUpdatesAndNotify()
    .catch((error: Error) => log(`update check failed: ${error.message}`));
  return true;
}
