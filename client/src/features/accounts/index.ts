/** What other features embed: the user picker (invoices pick their client with it). */
export { UserPicker } from './components/user-picker'
/** The admin's start page embeds the overview of the admin figures. */
export { AdminOverview } from './components/admin-overview'
