/**
 * The registration wizard: the brand (business, contact), then the campaign (what it is, opt-ins and samples,
 * numbers), then the check, fees and submit — a Mantine Stepper whose step is in the address (`?step=`), so a
 * rejection's "Fix" button opens the step that fixes it. Drafts are saved explicitly, step by step ("Save draft",
 * "Save and continue"), and resumed where they were left from the registration's page.
 */
import { Anchor, Stack, Stepper, Title } from '@mantine/core';
import { roleCan } from '@shared/domain/permissions';
import { isEditable } from '@shared/domain/registration';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useShell } from '../../app/context';
import { EmptyState, ErrorState, LoadingState, QueryErrorState } from '../../ui/States';
import { BrandStep } from './BrandStep';
import { CampaignStep } from './CampaignStep';
import { NumbersSection } from './RegistrationPage';
import { ReviewStep } from './ReviewStep';
import { useRegistration } from './registrationApi';
import { WIZARD_STEPS } from './registrationModel';
import { StepActions } from './StepActions';

export function RegistrationWizard() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const id = Number(useParams().registrationId);
  const registration = useRegistration(companyId, id);
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const step = Math.min(Math.max(Number(search.get('step') ?? 0) || 0, 0), WIZARD_STEPS.length - 1);
  const goTo = (next: number) => setSearch({ step: String(next) });

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!roleCan(company.role, 'settings.manage'))
    return (
      <ErrorState title="Not allowed" error="Your role in this company cannot change its registration." />
    );
  if (registration.isPending) return <LoadingState label="Loading the registration" />;
  if (!registration.data)
    return <QueryErrorState title="Could not load the registration" query={registration} />;
  const r = registration.data;
  if (!isEditable(r.status))
    return (
      <ErrorState
        title="This registration cannot be changed now"
        error="It is under review, approved or expired. Open its page to see where it stands."
      />
    );
  const kind = r.kind === 'local' ? '10DLC registration' : 'Toll-free verification';
  const saved = (next: boolean) => {
    if (next) goTo(step + 1);
  };
  const back = () => goTo(Math.max(step - 1, 0));

  return (
    <Stack>
      <Anchor component={Link} to={`/registration/${r.id}`} size="sm">
        ← {kind} #{r.id}
      </Anchor>
      <Title order={1} size="h2">
        {kind}
      </Title>
      <Stepper active={step} onStepClick={goTo} allowNextStepsSelect aria-label="Registration steps">
        {WIZARD_STEPS.map((one) => (
          <Stepper.Step key={one.key} label={one.label} aria-label={`Step: ${one.label}`} />
        ))}
      </Stepper>
      <Title order={2} size="h3">
        {WIZARD_STEPS[step]?.label}
      </Title>
      {step === 0 && (
        <BrandStep
          key="business"
          companyId={companyId}
          registration={r}
          part="business"
          step={step}
          onBack={back}
          onSaved={saved}
        />
      )}
      {step === 1 && (
        <BrandStep
          key="contact"
          companyId={companyId}
          registration={r}
          part="contact"
          step={step}
          onBack={back}
          onSaved={saved}
        />
      )}
      {step === 2 && (
        <CampaignStep
          key="campaign"
          companyId={companyId}
          registration={r}
          part="campaign"
          step={step}
          onBack={back}
          onSaved={saved}
        />
      )}
      {step === 3 && (
        <CampaignStep
          key="messages"
          companyId={companyId}
          registration={r}
          part="messages"
          step={step}
          onBack={back}
          onSaved={saved}
        />
      )}
      {step === 4 && (
        <>
          <NumbersSection
            companyId={companyId}
            registration={r}
            canManage
            heading="Numbers this registration covers"
          />
          {/* Numbers are changed as they are chosen: nothing more to save on this step. */}
          <StepActions step={step} saving={false} onBack={back} onSave={(next) => saved(next)} />
        </>
      )}
      {step === 5 && (
        <ReviewStep
          companyId={companyId}
          registration={r}
          onBack={back}
          onGoTo={goTo}
          onSubmitted={() => void navigate(`/registration/${r.id}`)}
        />
      )}
    </Stack>
  );
}
