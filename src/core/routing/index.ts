/** The site router: one model over several web-chat sites, with failover between them. */
export { SiteRouter, type FailoverEvent, type SiteRouterOptions } from './siteRouter';
export { limitsToRemember, type RememberedLimit, type SiteState } from './siteHealth';
export { describeSiteState, failoverQuestion } from './siteStateText';
export { parseSitesSetting } from './sitesSetting';
export { failedSiteOf, markFailedSite } from './failedSite';
