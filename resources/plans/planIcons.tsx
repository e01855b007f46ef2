import type { SvgIconComponent } from '@mui/icons-material';
import DinnerDiningIcon from '@mui/icons-material/DinnerDining';
import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import FreeBreakfastIcon from '@mui/icons-material/FreeBreakfast';
import HotTubIcon from '@mui/icons-material/HotTub';
import HotelIcon from '@mui/icons-material/Hotel';
import HouseIcon from '@mui/icons-material/House';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import RestaurantIcon from '@mui/icons-material/Restaurant';
import RiceBowlIcon from '@mui/icons-material/RiceBowl';
import SavingsIcon from '@mui/icons-material/Savings';
import SpaIcon from '@mui/icons-material/Spa';
import WeekendIcon from '@mui/icons-material/Weekend';

/** The plan icons staff pick from: Material icon names, as the API stores them. */
export const PLAN_ICONS = {
  restaurant: RestaurantIcon,
  dinner_dining: DinnerDiningIcon,
  free_breakfast: FreeBreakfastIcon,
  rice_bowl: RiceBowlIcon,
  hotel: HotelIcon,
  house: HouseIcon,
  savings: SavingsIcon,
  hot_tub: HotTubIcon,
  spa: SpaIcon,
  family_restroom: FamilyRestroomIcon,
  local_offer: LocalOfferIcon,
  weekend: WeekendIcon,
} as const satisfies Record<string, SvgIconComponent>;
export type PlanIconName = keyof typeof PLAN_ICONS;

export function isPlanIcon(name: string | null | undefined): name is PlanIconName {
  return typeof name === 'string' && Object.hasOwn(PLAN_ICONS, name);
}

/** The plan's icon, or nothing for a name this console does not know. */
export function PlanIcon({ name, fontSize = 'small' }: { name: string | null; fontSize?: 'small' | 'medium' }) {
  if (!isPlanIcon(name)) return null;
  const Icon = PLAN_ICONS[name];
  return <Icon fontSize={fontSize} color="action" aria-hidden />;
}
