/**
 * The phone in the shell's aside: one softphone per signed-in user and company (a new one when either changes),
 * with its panel. Only the panel sits inside the provider, so the routed screens never remount with it. Its code
 * (the softphone, the voice engines, phone-number metadata) is a chunk of its own, requested as the app boots
 * (shellParts.tsx), so the first page load is the frame and the screen, and the phone follows at once.
 */
import { SoftphonePanel } from '../features/softphone/SoftphonePanel';
import { SoftphoneProvider } from '../features/softphone/SoftphoneProvider';

export function PhoneAside({ userId, companyId }: { userId: number; companyId: number }) {
  return (
    <SoftphoneProvider key={`${userId}-${companyId}`} userId={userId} companyId={companyId}>
      <SoftphonePanel userId={userId} companyId={companyId} />
    </SoftphoneProvider>
  );
}
