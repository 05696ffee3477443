import { WifiOff } from "lucide-react";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { CONNECTION_ERROR_TEXT } from "./connection-error-text";

/** Session error that is not about authentication (specification 1, 2.1 rule 3). */
export function ConnectionError() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <Card className="w-full max-w-sm text-center">
        <CardHeader className="items-center">
          <div className="mb-2 flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600">
            <WifiOff className="size-7" aria-hidden="true" />
          </div>
          <CardTitle>{CONNECTION_ERROR_TEXT.title}</CardTitle>
          <CardDescription>{CONNECTION_ERROR_TEXT.description}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button className="w-full" onClick={() => window.location.reload()}>
            {CONNECTION_ERROR_TEXT.retry}
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
