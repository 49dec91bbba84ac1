/**
 * Satchel demo: registers the service worker vite-plugin-pwa generates (production builds only), which precaches
 * the page, its scripts, styles and the skill-runtime worker chunk so the demo reloads with the network off.
 */
import { must } from './dom.js';

export async function registerOffline(): Promise<void> {
  const status = must<HTMLElement>('[data-testid="offline-status"]');
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) {
    status.textContent = 'Offline cache: off in the dev server (build with npm run demo:build).';
    return;
  }
  try {
    await navigator.serviceWorker.register('./sw.js', { scope: './' });
    await navigator.serviceWorker.ready;
    status.textContent = 'Offline cache: ready — this page reloads without a network.';
  } catch (error) {
    status.textContent = `Offline cache: unavailable (${error instanceof Error ? error.message : String(error)}).`;
  }
}
