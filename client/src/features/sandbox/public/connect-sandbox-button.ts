/** What the assistant's panels embed: the sandbox's connect button (its own file: the test console loads with another page). */
export { ConnectSandboxButton } from '../components/connect-sandbox-button'
