// Crawlers and link unfurlers get a plain status, not the interactive page. Headless Chrome is
// deliberately not listed: our own Playwright and Lighthouse runs must see the real page.
// "Cubot" is a phone brand, not a bot.
const BOT_PATTERN =
  /(?<!cu)bot(?:\b|_)|crawler|spider|crawling|slurp|facebookexternalhit|facebookcatalog|embedly|quora link preview|outbrain|pinterest\/|vkshare|w3c_validator|whatsapp\/|skypeuripreview|bingpreview|baiduspider|semrush|mj12|google-inspectiontool/i;

/** Whether a user agent is a crawler or link previewer, so apps can skip the error page for it. */
export function isBot(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  return BOT_PATTERN.test(userAgent);
}
