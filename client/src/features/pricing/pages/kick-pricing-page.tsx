import { PricingView } from '../components/pricing-view'

/** /kick/pricing: the same plans with the Kick questions and raid rule. */
export default function KickPricingPage({ title }: { title: string }) {
  return <PricingView title={title} platform="kick" />
}
