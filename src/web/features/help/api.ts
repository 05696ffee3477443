import { queryOptions, useQuery } from "@tanstack/react-query";
import type { HelpInfo, LegalDocument, LegalDocumentName } from "../../../core/schemas/help";
import { getQueryFn } from "../../lib/api-client";

export type { HelpInfo, LegalDocument, LegalDocumentName };

export const helpKeys = {
  info: ["/api/help"] as const,
  legal: (document: LegalDocumentName) => [`/api/legal/${document}`] as const,
};

export const helpInfoQueryOptions = queryOptions({
  queryKey: helpKeys.info,
  queryFn: getQueryFn<HelpInfo>({ on401: "throw" }),
  staleTime: 60 * 60 * 1000,
});

/** The support address and the settings the Help page quotes. Public. */
export function useHelpInfo() {
  return useQuery(helpInfoQueryOptions);
}

export const legalDocumentQueryOptions = (document: LegalDocumentName) =>
  queryOptions({
    queryKey: helpKeys.legal(document),
    queryFn: getQueryFn<LegalDocument>({ on401: "throw" }),
    staleTime: 60 * 60 * 1000,
  });

/** The operator's Terms or Privacy text. Public. */
export function useLegalDocument(document: LegalDocumentName) {
  return useQuery(legalDocumentQueryOptions(document));
}
