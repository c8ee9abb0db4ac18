import { PricingView } from '../components/pricing-view'

/** /pages/pricing: the plans for Twitch channels. */
export default function PricingPage({ title }: { title: string }) {
  return <PricingView title={title} platform="twitch" />
}
