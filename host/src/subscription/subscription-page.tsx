import {
  Alert,
  Badge,
  Button,
  billingApi,
  Card,
  errorMessage,
  es,
  isSubscriptionActive,
  PageSpinner,
  queryClient,
  queryKeys,
  Row,
  Stack,
  subscriptionStatusLabel,
  useCurrentUser,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useSessionActions } from '../auth/use-session-actions';
import { Footer } from '../layout/footer';

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

/**
 * /subscription (spec §2): the plan and current status; checkout at the billing provider and,
 * on return (`?id=…&state=succeeded`), confirmation before entering the app.
 */
export function SubscriptionPage() {
  const { data: user, isPending } = useCurrentUser();
  const { logout } = useSessionActions();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const hostedPageId = searchParams.get('id');
  const returnedOk = searchParams.get('state') === 'succeeded';

  const checkout = useMutation({
    mutationFn: () =>
      billingApi.generateCheckoutUrl({ redirect_url: `${window.location.origin}/subscription` }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const confirm = useMutation({
    mutationFn: billingApi.confirmSubscription,
    onSuccess: (confirmed) => {
      queryClient.setQueryData(queryKeys.currentUser, confirmed);
      if (isSubscriptionActive(confirmed)) navigate('/', { replace: true });
    },
  });

  const confirmStarted = useRef(false);
  useEffect(() => {
    if (hostedPageId && returnedOk && !confirmStarted.current) {
      confirmStarted.current = true;
      confirm.mutate({ hosted_page_id: hostedPageId });
    }
  }, [hostedPageId, returnedOk, confirm]);

  if (isPending || !user) return <PageSpinner />;
  const active = isSubscriptionActive(user);

  return (
    <Page>
      <Main>
        <Card>
          <Stack $gap={5}>
            <Stack $gap={1}>
              <h1>{es.subscription.title}</h1>
              <p>{es.subscription.subtitle}</p>
            </Stack>
            <Stack $gap={2}>
              <h2>{es.subscription.plan}</h2>
              <p>{es.subscription.planDescription}</p>
            </Stack>
            <Row>
              <span>{es.subscription.currentStatus}:</span>
              <Badge $tone={active ? 'success' : 'warning'} data-testid="subscription-status">
                {subscriptionStatusLabel(user.subscription.status)}
              </Badge>
            </Row>
            {confirm.isPending ? <Alert tone="info">{es.subscription.confirming}</Alert> : null}
            {confirm.isError ? <Alert tone="danger">{errorMessage(confirm.error)}</Alert> : null}
            {checkout.isError ? <Alert tone="danger">{errorMessage(checkout.error)}</Alert> : null}
            <Alert tone={active ? 'success' : 'warning'}>
              {active ? es.subscription.activeMessage : es.subscription.inactiveMessage}
            </Alert>
            <Row $justify="space-between">
              <Button variant="ghost" onClick={logout}>
                {es.auth.logout}
              </Button>
              {active ? (
                <Link to="/">{es.subscription.goToApp}</Link>
              ) : (
                <Button onClick={() => checkout.mutate()} loading={checkout.isPending || checkout.isSuccess}>
                  {checkout.isPending || checkout.isSuccess
                    ? es.subscription.redirecting
                    : es.subscription.checkout}
                </Button>
              )}
            </Row>
          </Stack>
        </Card>
      </Main>
      <Footer />
    </Page>
  );
}
