/** What the assistant's chatboard embeds: the sandbox's test console (its own file: the connect button loads with other pages). */
export { TestConsole } from '../components/test-console'
