import { FluentProvider, Text, Title1, webLightTheme } from '@fluentui/react-components';

export interface PlaceholderProps {
  readonly productName: string;
}

/** Shown until the sign-in screen exists (issue "Web client, part 1"). */
export function Placeholder({ productName }: PlaceholderProps) {
  return (
    <FluentProvider theme={webLightTheme} style={{ minHeight: '100vh', padding: 32 }}>
      <main>
        <Title1 as="h1">{productName}</Title1>
        <p>
          <Text>
            The web client is being built. Sign-in, contacts and chat arrive with the web client issue.
          </Text>
        </p>
      </main>
    </FluentProvider>
  );
}
