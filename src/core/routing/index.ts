/** The site router: one model over several web-chat sites, with failover between them. */
export { SiteRouter, type FailoverEvent, type FailoverPolicy, type RoutedModel, type RouterWaitEvent, type SiteRouterOptions, type WhenAllLimited } from './siteRouter';
export { limitsToRemember, SiteHealth, type RememberedLimit, type SiteHealthOptions, type SiteState, type SiteStatus } from './siteHealth';
export { backendCodeOf, siteFailureOf, type SiteFailure, type SiteFailureReason } from './siteFailure';
export { describeFailure, describeSiteState, failoverLine, failoverQuestion, formatClockTime, statesSummary, type TimeFormat } from './siteStateText';
export { parseSitesSetting, type SitesSetting } from './sitesSetting';
export { StreamRelay } from './streamRelay';
export { failedSiteOf, markFailedSite } from './failedSite';
