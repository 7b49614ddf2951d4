import {
  Alert,
  Badge,
  Button,
  ButtonLink,
  billingApi,
  Card,
  errorMessage,
  es,
  formatMoney,
  PageSpinner,
  Row,
  Stack,
  type SubscriptionStatus,
  safeFormatDateTime,
  subscriptionStatusLabel,
  useCurrentUser,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useSessionActions } from '../auth/use-session-actions';
import { Footer } from '../layout/footer';
import { useRuntimeConfig } from '../startup/runtime-config-context';
import { LocalSubscriptionActions } from './local-subscription-actions';
import { type SubscriptionOptions, subscriptionOptions, subscriptionStatusTone } from './subscription-status';
import { useCheckoutReturn } from './use-checkout-return';

const text = es.subscription;

const Page = styled.div`
  min-height: 100%;
  display: grid;
  grid-template-rows: 1fr auto;
`;

const Main = styled.main`
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space(6)};
  section { width: min(560px, 100%); }
  h1 { margin: 0; }
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.lg}; }
  p { margin: 0; color: ${({ theme }) => theme.color.textMuted}; }
`;

const Muted = styled.small`
  color: ${({ theme }) => theme.color.textMuted};
`;

const Price = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: 700;
`;

/**
 * /subscription (spec §2, §6): the plan and the current status; checkout at the billing provider
 * and, on return, confirmation before entering the app. Whoever the gate lets in sees their status
 * and a way into the app.
 */
export function SubscriptionPage() {
  const { data: user, isPending, error, refetch } = useCurrentUser();
  const { logout } = useSessionActions();
  const { billing_provider, plan_monthly_price } = useRuntimeConfig();
  const { confirmation, retry, cancelledAtProvider } = useCheckoutReturn();
  const checkout = useMutation({
    mutationFn: () =>
      billingApi.generateCheckoutUrl({ redirect_url: `${window.location.origin}/subscription` }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const { reset: resetCheckout } = checkout;
  // Back from the provider's page, a page restored from the back-forward cache must not stay "redirecting".
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) resetCheckout();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [resetCheckout]);

  if (isPending) return <PageSpinner />;
  if (!user) {
    return (
      <Page>
        <Main>
          <Card>
            <Stack $gap={3}>
              <Alert tone="danger">{errorMessage(error)}</Alert>
              <Row>
                <Button onClick={() => void refetch()}>{es.common.retry}</Button>
              </Row>
            </Stack>
          </Card>
        </Main>
      </Page>
    );
  }

  const options = subscriptionOptions(user, billing_provider);
  const leaving = checkout.isPending || checkout.isSuccess;

  return (
    <Page>
      <Main>
        <Card>
          <Stack $gap={5}>
            <Stack $gap={1}>
              <h1>{text.title}</h1>
              <p>{text.subtitle}</p>
            </Stack>
            <Stack $gap={2}>
              <h2>{text.plan}</h2>
              <Price data-testid="plan-price">{text.price(formatMoney(plan_monthly_price))}</Price>
              <p>{text.planDescription}</p>
            </Stack>
            <Stack $gap={1}>
              <Row>
                <span id="subscription-status-label">{text.currentStatus}:</span>
                <Badge
                  $tone={subscriptionStatusTone(user.subscription.status)}
                  data-testid="subscription-status"
                  aria-labelledby="subscription-status-label"
                >
                  {subscriptionStatusLabel(user.subscription.status)}
                </Badge>
              </Row>
              {user.subscription.updated_at ? (
                <Muted>{text.updatedAt(safeFormatDateTime(user.subscription.updated_at))}</Muted>
              ) : null}
            </Stack>
            {confirmation.isPending ? <Alert tone="info">{text.confirming}</Alert> : null}
            {confirmation.isError ? (
              <Alert tone="danger">
                <Stack $gap={2}>
                  <span>{errorMessage(confirmation.error)}</span>
                  <Row>
                    <Button size="sm" variant="secondary" onClick={retry}>
                      {text.retryConfirm}
                    </Button>
                  </Row>
                </Stack>
              </Alert>
            ) : null}
            {cancelledAtProvider && options.canCheckout ? (
              <Alert tone="warning">{text.checkoutCancelled}</Alert>
            ) : null}
            {checkout.isError ? <Alert tone="danger">{errorMessage(checkout.error)}</Alert> : null}
            <StatusMessage status={user.subscription.status} options={options} />
            <Row $justify="space-between" $wrap>
              <Button variant="ghost" onClick={logout}>
                {es.auth.logout}
              </Button>
              {options.canEnter ? (
                <ButtonLink as={Link} to="/">
                  {text.goToApp}
                </ButtonLink>
              ) : null}
              {options.canCheckout ? (
                <Button onClick={() => checkout.mutate()} loading={leaving} disabled={confirmation.isPending}>
                  {leaving ? text.redirecting : text.checkout}
                </Button>
              ) : null}
            </Row>
            {options.localActions.length > 0 ? (
              <LocalSubscriptionActions actions={options.localActions} />
            ) : null}
          </Stack>
        </Card>
      </Main>
      <Footer />
    </Page>
  );
}

function StatusMessage({ status, options }: { status: SubscriptionStatus; options: SubscriptionOptions }) {
  if (options.canEnter)
    return <Alert tone="success">{options.ownActive ? text.activeMessage : text.superuserMessage}</Alert>;
  const reasons: Partial<Record<SubscriptionStatus, string>> = text.inactiveReason;
  return <Alert tone="warning">{reasons[status] ?? text.inactiveMessage}</Alert>;
}
