import { Alert, Button, Row, Stack } from '@luz/shared/core';
import { es } from '@luz/shared/text';
import { useState } from 'react';
import styled from 'styled-components';

const Secret = styled.code`
  display: block;
  word-break: break-all;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/**
 * A secret the server shows only once (a temporary password, a signing secret): the value, a
 * copy button and the warning. Marked private so session-recording scripts never capture it.
 */
export function SecretReveal({
  value,
  warning,
  testId,
}: {
  value: string;
  warning: string;
  testId?: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Stack $gap={3}>
      <Alert tone="warning">{warning}</Alert>
      <Alert tone="success">
        <Row $justify="space-between" $wrap={false}>
          <Secret data-testid={testId} data-private="true" data-hj-suppress="true" className="fs-exclude">
            {value}
          </Secret>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              void navigator.clipboard?.writeText(value).then(() => setCopied(true));
            }}
          >
            {copied ? es.common.copied : es.common.copy}
          </Button>
        </Row>
      </Alert>
    </Stack>
  );
}
