import {
  Button,
  type CaptchaChallenge,
  credentialsApi,
  errorMessage,
  errorStatus,
  es,
  formatWith,
  operationQuery,
  type PortalConnection,
  TextField,
  toast,
} from '@luz/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import styled from 'styled-components';
import type { WaitingCaptcha } from './sync-event-socket';

const text = es.sync.captcha;

const Box = styled.section`
  border: 1px solid ${({ theme }) => theme.color.warning};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: ${({ theme }) => theme.space(3)};
  margin-top: 12px;
  display: flex;
  flex-direction: column;
  gap: 8px;
  h3 { margin: 0; font-size: ${({ theme }) => theme.font.size.sm}; }
  p { margin: 0; font-size: ${({ theme }) => theme.font.size.xs}; }
  img {
    display: block;
    width: 180px;
    height: 60px;
    /* CFE's image is drawn on a light background, whatever the theme. */
    background: #f4f4f4;
    border-radius: ${({ theme }) => theme.radius.sm};
  }
`;

const Actions = styled.div`
  display: flex;
  gap: 8px;
`;

/**
 * CFE's image CAPTCHA for one of the user's accounts: the image, an input that takes the focus
 * (Enter sends), and "Otra imagen". A wrong answer brings CFE's next image; the right one opens
 * the account's portal session, and every sync waiting for it continues.
 */
export function CaptchaPrompt({
  captcha,
  onDone,
}: {
  captcha: WaitingCaptcha;
  /** The CAPTCHA is over (answered, or no longer asked). */
  onDone: () => void;
}) {
  const form = useRef<HTMLFormElement>(null);
  const input = () => form.current?.elements.namedItem('answer') as HTMLInputElement | null;
  // The image an answer or "otra imagen" brought, until the socket announces a newer one.
  const [shown, setShown] = useState<{ challenge: CaptchaChallenge; announced: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = useQuery({
    ...operationQuery('getCaptcha', { params: { credential_id: captcha.credentialId } }),
    retry: (failures, failure) => errorStatus(failure) !== 404 && failures < 2,
  });
  const challenge =
    shown && (shown.announced === captcha.challengeId || shown.challenge.challenge_id === captcha.challengeId)
      ? shown.challenge
      : (current.data ?? null);

  const settle = (result: PortalConnection) => {
    if (result.state === 'connected') {
      toast.success(text.connected);
      onDone();
      return;
    }
    if (result.state === 'refused') {
      toast.error(result.message);
      onDone();
      return;
    }
    // The consultation's CAPTCHA: the paused sync posts the answer; a wrong one comes back as a new image.
    if (result.state === 'answered') {
      toast.info(result.message);
      onDone();
      return;
    }
    if (result.challenge) setShown({ challenge: result.challenge, announced: captcha.challengeId });
    setError(result.message);
    const field = input();
    if (field) field.value = '';
    field?.focus();
  };
  const failed = (failure: unknown) => {
    setError(errorMessage(failure));
    // Answered elsewhere, expired or replaced: the latest image is read again.
    if (errorStatus(failure) === 409) void current.refetch().then(() => setShown(null));
    input()?.focus();
  };
  const answer = useMutation({
    mutationFn: (body: { challenge_id: string; answer: string }) =>
      credentialsApi.answerCaptcha(captcha.credentialId, body),
    onSuccess: settle,
    onError: failed,
  });
  const another = useMutation({
    mutationFn: () => credentialsApi.newCaptcha(captcha.credentialId),
    onSuccess: (result) => {
      settle(result);
      if (result.state === 'captcha') setError(null);
    },
    onError: failed,
  });

  if (current.isError && errorStatus(current.error) === 404 && !shown) {
    // CFE no longer waits for this one (answered in another tab, or expired).
    queueMicrotask(onDone);
    return null;
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('answer') ?? '').trim();
    if (!challenge) return;
    if (!typed) {
      setError(text.required);
      input()?.focus();
      return;
    }
    answer.mutate({ challenge_id: challenge.challenge_id, answer: typed });
  };

  return (
    <Box aria-labelledby={`captcha-${captcha.credentialId}`} data-testid="captcha-prompt">
      <h3 id={`captcha-${captcha.credentialId}`}>{text.title}</h3>
      <p>{text.description(captcha.cfeUser)}</p>
      {challenge ? (
        <img src={challenge.image} alt={text.image(captcha.cfeUser)} />
      ) : (
        <p role="status">{current.isError ? text.loadError : text.loading}</p>
      )}
      <form ref={form} onSubmit={submit} noValidate>
        <TextField
          label={text.answer}
          name="answer"
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          maxLength={20}
          // The person came here to type it: the input takes the focus as soon as it appears.
          autoFocus
          error={error ?? undefined}
          hint={challenge ? text.expires(formatWith(challenge.expires_at, 'HH:mm')) : undefined}
        />
        <Actions>
          <Button type="submit" size="sm" loading={answer.isPending} disabled={!challenge}>
            {text.submit}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="secondary"
            loading={another.isPending}
            onClick={() => another.mutate()}
          >
            {text.another}
          </Button>
        </Actions>
      </form>
    </Box>
  );
}
