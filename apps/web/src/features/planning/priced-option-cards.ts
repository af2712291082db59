import { formatPrice } from "@kindred/domain";
import type { RadioCardOption } from "../../components/radio-cards";

/** The catalogue options a person may choose, as radio cards showing each one's price. */
export function pricedOptionCards(
  options: readonly { id: number; name: string; description: string; price: number; visible: boolean }[],
): RadioCardOption[] {
  return options
    .filter((option) => option.visible)
    .map((option) => ({
      value: String(option.id),
      label: option.name,
      description: option.description,
      price: formatPrice(option.price),
    }));
}
