/** What other features embed: the statistics cards of the admin and reseller dashboards. */
export { StatisticsCards } from './components/statistics-cards'
