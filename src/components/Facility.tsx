import { Box } from '@mui/material';
import { useAccommodations } from '../../dataProvider/accommodations';
import { FacilityIcon } from './FacilityIcon';

/** The accommodation's coloured badge, with its name beside it unless `iconOnly`. */
export function Facility({ accommodationId, iconOnly = false }: { accommodationId: number; iconOnly?: boolean }) {
  const { accommodations } = useAccommodations();
  const facility = accommodations.find((a) => a.id === accommodationId);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
      <FacilityIcon color={facility?.color} shortName={facility?.short_name ?? ''} size={26} title={facility?.name} />
      {!iconOnly && <span>{facility?.name ?? ''}</span>}
    </Box>
  );
}
