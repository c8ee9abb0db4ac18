/** What other features embed: the user picker (invoices pick their client with it). */
export { UserPicker } from './components/user-picker'
