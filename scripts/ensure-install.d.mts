/** apt-get's arguments for installing Debian's Chromium (see ensure-install.mjs). */
export declare const CHROMIUM_APT_INSTALL: readonly string[];
