/** What other features embed: the admin-claim panel of the user view. */
export { AdminClaimPanel } from './components/admin-claim-panel'
