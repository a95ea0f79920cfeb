// Made by `npm run client:types` from /api/v1/openapi.json of a build of content/: do not edit.

export interface paths {
    "/api/v1": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * API index
         * @description Lists every collection with its count and URL templates, and the other endpoints.
         */
        get: operations["getApiIndex"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/threats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List threats
         * @description Browser-borne threat explainers: how each attack works, which controls address it
         */
        get: operations["listThreats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/threats/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one record of threats */
        get: operations["getThreat"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/glossary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List glossary
         * @description External attack surface management glossary: canonical definitions and related exposures
         */
        get: operations["listGlossary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/glossary/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one record of glossary */
        get: operations["getGlossary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exposures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List exposures
         * @description External attack-surface finding types, with severity, affected technology and validation notes
         */
        get: operations["listExposures"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exposures/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one record of exposures */
        get: operations["getExposure"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List apps
         * @description Per-application browser security guidance: common risks and recommended policies by role
         */
        get: operations["listApps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one record of apps */
        get: operations["getApp"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List ai risks
         * @description AI and agent browser risks: how each arises and what containment addresses it
         */
        get: operations["listAi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one record of ai */
        get: operations["getAi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List posts
         * @description Published articles on browser isolation, privacy engineering and AI agent security
         */
        get: operations["listPosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posts/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one record of posts */
        get: operations["getPost"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search every collection
         * @description All terms must match (a term also matches words it begins, so a partly typed word finds its record). Every title match ranks above every summary-only match; results are best first.
         */
        get: operations["searchContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI document */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/manifest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every record's version, to sync a kept copy
         * @description Lists every published record with its version, a hash of its JSON document's bytes. To sync a copy: send the ETag of the manifest last read as If-None-Match (304: nothing changed); else fetch /api/v1/{collection}/{slug} for each record whose version differs from the one kept, and drop the records no longer listed.
         */
        get: operations["getManifest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/pricing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pricing of the extension */
        get: operations["getPricing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/contact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a message to the team */
        post: operations["sendContactMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/newsletter": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Subscribe to the newsletter */
        post: operations["subscribeNewsletter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/waitlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Join the waitlist */
        post: operations["joinWaitlist"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sandbox-early-access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Request early access to sandbox */
        post: operations["requestSandboxEarlyAccess"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{org_uuid}/api/instances": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Organization identifier, a UUID (read in either case); anything else is 404 */
                org_uuid: string;
            };
            cookie?: never;
        };
        /** List instances (scope instances:read) */
        get: operations["listInstances"];
        put?: never;
        /** Create an instance (scope instances:write) */
        post: operations["createInstance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{org_uuid}/api/instances/{instance_uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Organization identifier, a UUID (read in either case); anything else is 404 */
                org_uuid: string;
                /** @description A UUID; anything else is 404 */
                instance_uuid: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an instance irreversibly (scope instances:write) */
        delete: operations["deleteInstance"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{org_uuid}/api/key": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Organization identifier, a UUID (read in either case); anything else is 404 */
                org_uuid: string;
            };
            cookie?: never;
        };
        /** Inspect the active key */
        get: operations["inspectKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{org_uuid}/api/key/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Organization identifier, a UUID (read in either case); anything else is 404 */
                org_uuid: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the key; the old key stops working at once */
        post: operations["rotateKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/llms.txt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Overview of the site for language models */
        get: operations["getLlmsTxt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/llms-full.txt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every page of the site in Markdown, in one file */
        get: operations["getLlmsFullTxt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sitemap.xml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sitemap of every page */
        get: operations["getSitemap"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/posts/feed.xml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Atom feed of the posts */
        get: operations["getPostsFeed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/threats/{slug}/index.html.md": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        /** One record of threats as Markdown, as its page reads */
        get: operations["getThreatMarkdown"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/glossary/{slug}/index.html.md": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        /** One record of glossary as Markdown, as its page reads */
        get: operations["getGlossaryMarkdown"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/exposures/{slug}/index.html.md": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        /** One record of exposures as Markdown, as its page reads */
        get: operations["getExposureMarkdown"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps/{slug}/index.html.md": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        /** One record of apps as Markdown, as its page reads */
        get: operations["getAppMarkdown"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ai/{slug}/index.html.md": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        /** One record of ai as Markdown, as its page reads */
        get: operations["getAiMarkdown"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/posts/{slug}/index.html.md": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        /** One record of posts as Markdown, as its page reads */
        get: operations["getPostMarkdown"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Compact record in list and search responses */
        Summary: {
            /** @description Identifier used in the item URL */
            slug: string;
            /** @description Display name */
            title: string;
            /**
             * @description Grouping the record belongs to, one of its collection's categories
             * @enum {string}
             */
            category: "phishing" | "malware-delivery" | "session-attacks" | "web-application-attacks" | "exploitation" | "social-engineering" | "supply-chain" | "attack-surface" | "vulnerability-management" | "browser-security" | "web-platform" | "identity" | "network" | "data-protection" | "remote-access" | "data-stores" | "tls-and-certificates" | "dns-and-email" | "source-and-secrets" | "cloud-and-containers" | "web-configuration" | "vulnerable-software" | "collaboration" | "productivity-suite" | "developer-tools" | "crm-and-sales" | "file-sharing" | "hr-and-finance" | "it-service-management" | "ai-assistants" | "cloud-consoles" | "prompt-injection" | "data-leakage" | "agent-autonomy" | "output-handling" | "governance" | "browser-isolation" | "privacy-engineering" | "ai-agent-security";
            /** @description One or two sentence description */
            summary: string;
            /**
             * Format: uri
             * @description Canonical page of the record on the public website
             */
            url: string;
            /**
             * Format: date
             * @description Date the record last changed
             */
            lastUpdated: string;
        };
        SummaryPage: {
            /**
             * @description Collection key
             * @enum {string}
             */
            collection: "threats" | "glossary" | "exposures" | "apps" | "ai" | "posts";
            /** @description What the collection contains */
            description: string;
            data: components["schemas"]["Summary"][];
            /** @description Total records available, ignoring pagination */
            total: number;
            /** @description Maximum records returned in this page */
            limit: number;
            /** @description Records skipped before this page */
            offset: number;
        };
        /** @description A Summary plus the collection the match came from */
        SearchResult: {
            /** @description Identifier used in the item URL */
            slug: string;
            /** @description Display name */
            title: string;
            /**
             * @description Grouping the record belongs to, one of its collection's categories
             * @enum {string}
             */
            category: "phishing" | "malware-delivery" | "session-attacks" | "web-application-attacks" | "exploitation" | "social-engineering" | "supply-chain" | "attack-surface" | "vulnerability-management" | "browser-security" | "web-platform" | "identity" | "network" | "data-protection" | "remote-access" | "data-stores" | "tls-and-certificates" | "dns-and-email" | "source-and-secrets" | "cloud-and-containers" | "web-configuration" | "vulnerable-software" | "collaboration" | "productivity-suite" | "developer-tools" | "crm-and-sales" | "file-sharing" | "hr-and-finance" | "it-service-management" | "ai-assistants" | "cloud-consoles" | "prompt-injection" | "data-leakage" | "agent-autonomy" | "output-handling" | "governance" | "browser-isolation" | "privacy-engineering" | "ai-agent-security";
            /** @description One or two sentence description */
            summary: string;
            /**
             * Format: uri
             * @description Canonical page of the record on the public website
             */
            url: string;
            /**
             * Format: date
             * @description Date the record last changed
             */
            lastUpdated: string;
            /**
             * @description Collection of the match
             * @enum {string}
             */
            collection: "threats" | "glossary" | "exposures" | "apps" | "ai" | "posts";
        };
        SearchResults: {
            /** @description The query that was run */
            query: string;
            /** @description Maximum results requested */
            limit: number;
            /** @description Number of results returned (not the number available) */
            total: number;
            /** @description Matching records, best first */
            data: components["schemas"]["SearchResult"][];
        };
        ApiIndex: {
            name: string;
            version: string;
            description: string;
            /** Format: uri */
            openapi: string;
            /** Format: uri */
            documentation: string;
            collections: {
                /**
                 * @description Collection key
                 * @enum {string}
                 */
                key: "threats" | "glossary" | "exposures" | "apps" | "ai" | "posts";
                description: string;
                /** Format: uri */
                list: string;
                /** @description URL template for one record */
                item: string;
                count: number;
            }[];
            endpoints: {
                /** @enum {string} */
                method: "GET" | "POST";
                path: string;
                description: string;
            }[];
        };
        /** @description Every published record with its version. A client that keeps a copy fetches this conditionally (If-None-Match), then only the records whose version differs from the one it kept, and drops those no longer listed. */
        RecordManifest: {
            /** @description A hash of every entry: it changes exactly when a record is added, removed or changed */
            version: string;
            /** @description Number of records listed */
            total: number;
            /** @description Every published record, in the order of the collections' lists */
            records: {
                /**
                 * @description Collection the record belongs to
                 * @enum {string}
                 */
                collection: "threats" | "glossary" | "exposures" | "apps" | "ai" | "posts";
                /** @description Identifier used in the item URL */
                slug: string;
                /**
                 * Format: uri
                 * @description Canonical page of the record on the public website
                 */
                url: string;
                /** @description The first 16 characters of the base64url SHA-256 of the bytes /api/v1/{collection}/{slug} sends: it changes exactly when the record's document does */
                version: string;
            }[];
        };
        Pricing: {
            product: string;
            description: string;
            /** @description ISO 4217 code */
            currency: string;
            plans: {
                /** @description Stable identifier */
                id: string;
                name: string;
                /** @description Amount per interval */
                price: number;
                /** @enum {string} */
                interval: "month" | "year";
                /** @description Trial terms */
                trial: string;
            }[];
            includes: string[];
            supportedBrowsers: string[];
            /** Format: uri */
            installUrl: string;
            /** Format: date */
            lastUpdated: string;
            /**
             * Format: uri
             * @description Human-readable pricing page
             */
            pricingPage: string;
            /**
             * Format: uri
             * @description Markdown pricing document
             */
            machineReadable: string;
        };
        Success: {
            /** @description True when the request was accepted */
            success: boolean;
            /** @description Human-readable confirmation */
            message: string;
        };
        Error: {
            /** @description Human-readable message, same text as message */
            error: string;
            /**
             * @description Stable machine-readable identifier
             * @enum {string}
             */
            code: "not_found" | "method_not_allowed" | "invalid_request" | "invalid_email" | "missing_field" | "rate_limited" | "not_configured" | "upstream_error" | "internal_error" | "unauthorized" | "forbidden";
            /** @description Human-readable message */
            message: string;
            /** @description What to change to make the request succeed */
            hint: string;
            /**
             * Format: uri
             * @description Link to the API description
             */
            docs: string;
        };
        ContactMessage: {
            /** @description Full name of the person making contact */
            name: string;
            /**
             * Format: email
             * @description Reply-to address
             */
            email: string;
            /** @description Company name */
            company?: string;
            /** @description Contact phone number */
            phone?: string;
            /**
             * @description What the enquiry is about
             * @enum {string}
             */
            inquiryType?: "general" | "sales" | "support" | "security-research" | "press" | "partnership";
            /** @description Body */
            message?: string;
            /** @description Page or campaign the enquiry came from */
            source?: string;
        };
        Signup: {
            /**
             * Format: email
             * @description Address to register
             */
            email: string;
            /** @description Page the signup came from */
            source?: string;
        };
        Instance: {
            /** Format: uuid */
            instance_uuid: string;
            /** @enum {string} */
            status: "running" | "stopped" | "terminated";
            /** @description Browser image used */
            image: string;
            /** @enum {string} */
            size: "small" | "medium" | "large";
            /** Format: date-time */
            created_at: string;
            /** Format: uri */
            access_url: string;
        };
        InstanceList: {
            instances: components["schemas"]["Instance"][];
            total: number;
        };
        CreateInstance: {
            /** @description Browser image to use */
            image: string;
            /** @enum {string} */
            size: "small" | "medium" | "large";
        };
        KeyInspection: {
            key_id: string;
            name: string;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description When the key was last used, recorded at most once a minute (so up to 60 s before the latest use); null until its first use
             */
            last_used_at: string | null;
            scopes: ("instances:read" | "instances:write")[];
        };
        KeyRotation: {
            /** @description The new secret key value; shown only once */
            key: string;
            key_id: string;
            /** Format: date-time */
            created_at: string;
        };
        /** @description Browser-borne threat explainers: how each attack works, which controls address it */
        Threat: {
            /** @description Identifier used in the item URL */
            slug: string;
            /**
             * Format: uri
             * @description Canonical page of the record on the public website
             */
            url: string;
            /** @description Display name */
            title: string;
            /**
             * @description Grouping the record belongs to
             * @enum {string}
             */
            category: "phishing" | "malware-delivery" | "session-attacks" | "web-application-attacks" | "exploitation" | "social-engineering" | "supply-chain";
            /** @description One or two sentence description */
            summary: string;
            /**
             * Format: date
             * @description Date the record last changed
             */
            lastUpdated: string;
            /** @description How the attack works, in two to four sentences */
            howItWorks: string;
            /** @description Glossary slugs of the controls that address the threat */
            controls: string[];
            /** @description The full record text, in Markdown as its author wrote it */
            body: string;
        };
        /** @description One record of threats, as /api/v1/threats/{slug} sends it */
        ThreatRecord: {
            /** @constant */
            collection: "threats";
            data: components["schemas"]["Threat"];
        };
        /** @description External attack surface management glossary: canonical definitions and related exposures */
        GlossaryTerm: {
            /** @description Identifier used in the item URL */
            slug: string;
            /**
             * Format: uri
             * @description Canonical page of the record on the public website
             */
            url: string;
            /** @description Display name */
            title: string;
            /**
             * @description Grouping the record belongs to
             * @enum {string}
             */
            category: "attack-surface" | "vulnerability-management" | "browser-security" | "web-platform" | "identity" | "network" | "data-protection";
            /** @description One or two sentence description */
            summary: string;
            /**
             * Format: date
             * @description Date the record last changed
             */
            lastUpdated: string;
            /** @description The canonical definition of the term */
            definition: string;
            /** @description Exposure slugs related to the term */
            relatedExposures: string[];
            /** @description Abbreviations and other names of the term */
            aliases?: string[];
            /** @description The full record text, in Markdown as its author wrote it */
            body: string;
        };
        /** @description One record of glossary, as /api/v1/glossary/{slug} sends it */
        GlossaryTermRecord: {
            /** @constant */
            collection: "glossary";
            data: components["schemas"]["GlossaryTerm"];
        };
        /** @description External attack-surface finding types, with severity, affected technology and validation notes */
        Exposure: {
            /** @description Identifier used in the item URL */
            slug: string;
            /**
             * Format: uri
             * @description Canonical page of the record on the public website
             */
            url: string;
            /** @description Display name */
            title: string;
            /**
             * @description Grouping the record belongs to
             * @enum {string}
             */
            category: "remote-access" | "data-stores" | "tls-and-certificates" | "dns-and-email" | "source-and-secrets" | "cloud-and-containers" | "web-configuration" | "vulnerable-software";
            /** @description One or two sentence description */
            summary: string;
            /**
             * Format: date
             * @description Date the record last changed
             */
            lastUpdated: string;
            /**
             * @description Severity of the finding
             * @enum {string}
             */
            severity: "critical" | "high" | "medium" | "low" | "info";
            /** @description Products, protocols or services the finding affects */
            affectedTechnology: string[];
            /** @description How to confirm the finding safely, without exploiting it */
            validation: string;
            /** @description What fixes the finding */
            remediation: string;
            /** @description The full record text, in Markdown as its author wrote it */
            body: string;
        };
        /** @description One record of exposures, as /api/v1/exposures/{slug} sends it */
        ExposureRecord: {
            /** @constant */
            collection: "exposures";
            data: components["schemas"]["Exposure"];
        };
        /** @description Per-application browser security guidance: common risks and recommended policies by role */
        App: {
            /** @description Identifier used in the item URL */
            slug: string;
            /**
             * Format: uri
             * @description Canonical page of the record on the public website
             */
            url: string;
            /** @description Display name */
            title: string;
            /**
             * @description Grouping the record belongs to
             * @enum {string}
             */
            category: "collaboration" | "productivity-suite" | "developer-tools" | "crm-and-sales" | "file-sharing" | "hr-and-finance" | "it-service-management" | "ai-assistants" | "cloud-consoles";
            /** @description One or two sentence description */
            summary: string;
            /**
             * Format: date
             * @description Date the record last changed
             */
            lastUpdated: string;
            /** @description Who makes the application */
            vendor: string;
            /** @description Common risks of the application in the browser */
            risks: string[];
            /** @description Recommended policies by role */
            policies: {
                role: string;
                /** @description What to enforce for this role */
                recommendations: string[];
            }[];
            /** @description Threat slugs relevant to the application */
            relatedThreats: string[];
            /** @description The full record text, in Markdown as its author wrote it */
            body: string;
        };
        /** @description One record of apps, as /api/v1/apps/{slug} sends it */
        AppRecord: {
            /** @constant */
            collection: "apps";
            data: components["schemas"]["App"];
        };
        /** @description AI and agent browser risks: how each arises and what containment addresses it */
        AiRisk: {
            /** @description Identifier used in the item URL */
            slug: string;
            /**
             * Format: uri
             * @description Canonical page of the record on the public website
             */
            url: string;
            /** @description Display name */
            title: string;
            /**
             * @description Grouping the record belongs to
             * @enum {string}
             */
            category: "prompt-injection" | "data-leakage" | "agent-autonomy" | "supply-chain" | "output-handling" | "governance" | "social-engineering";
            /** @description One or two sentence description */
            summary: string;
            /**
             * Format: date
             * @description Date the record last changed
             */
            lastUpdated: string;
            /** @description How the risk arises, in two to four sentences */
            howItArises: string;
            /** @description Containment measures that address the risk */
            containment: string[];
            /** @description Glossary slugs of the controls that contain the risk */
            controls: string[];
            /** @description Threat slugs related to the risk */
            relatedThreats: string[];
            /** @description The full record text, in Markdown as its author wrote it */
            body: string;
        };
        /** @description One record of ai, as /api/v1/ai/{slug} sends it */
        AiRiskRecord: {
            /** @constant */
            collection: "ai";
            data: components["schemas"]["AiRisk"];
        };
        /** @description Published articles on browser isolation, privacy engineering and AI agent security */
        Post: {
            /** @description Identifier used in the item URL */
            slug: string;
            /**
             * Format: uri
             * @description Canonical page of the record on the public website
             */
            url: string;
            /** @description Display name */
            title: string;
            /**
             * @description Grouping the record belongs to
             * @enum {string}
             */
            category: "browser-isolation" | "privacy-engineering" | "ai-agent-security";
            /** @description One or two sentence description */
            summary: string;
            /**
             * Format: date
             * @description Date the record last changed
             */
            lastUpdated: string;
            /** @description Author of the article */
            author: string;
            /**
             * Format: date
             * @description Publication date
             */
            published: string;
            /** @description Topics of the article */
            tags: string[];
            /** @description The full record text, in Markdown as its author wrote it */
            body: string;
        };
        /** @description One record of posts, as /api/v1/posts/{slug} sends it */
        PostRecord: {
            /** @constant */
            collection: "posts";
            data: components["schemas"]["Post"];
        };
    };
    responses: {
        /** @description The request is invalid; code is invalid_request, missing_field or invalid_email */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The collection, record or path does not exist (code not_found) */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The method is not supported (code method_not_allowed) */
        MethodNotAllowed: {
            headers: {
                Allow: components["headers"]["Allow"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Rate limit exceeded (code rate_limited) */
        RateLimited: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Unexpected server error (code internal_error) */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Missing or invalid API key (code unauthorized) */
        Unauthorized: {
            headers: {
                /** @description Bearer */
                "WWW-Authenticate"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The key lacks the scope this operation needs (code forbidden) */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Requests allowed in the window */
        "RateLimit-Limit": number;
        /** @description Requests left in the current window */
        "RateLimit-Remaining": number;
        /** @description Seconds until the window resets */
        "RateLimit-Reset": number;
        /** @description The policy, e.g. 600;w=60 */
        "RateLimit-Policy": string;
        /** @description Seconds to wait before retrying */
        "Retry-After": number;
        /** @description Methods the path supports */
        Allow: string;
        /** @description The validator of this answer, to send as If-None-Match next time */
        ETag: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getApiIndex: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The API index */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiIndex"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listThreats: {
        parameters: {
            query?: {
                /** @description Maximum records returned; values outside 1 to 200 are clamped to the nearest bound; a value that is not a number counts as absent. */
                limit?: number;
                /** @description Records skipped before collecting results; negative values are treated as 0, a value that is not a number as absent. */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of summaries */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SummaryPage"];
                };
            };
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getThreat: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A slug as returned by the list of the same collection */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The full record */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ThreatRecord"];
                };
            };
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listGlossary: {
        parameters: {
            query?: {
                /** @description Maximum records returned; values outside 1 to 200 are clamped to the nearest bound; a value that is not a number counts as absent. */
                limit?: number;
                /** @description Records skipped before collecting results; negative values are treated as 0, a value that is not a number as absent. */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of summaries */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SummaryPage"];
                };
            };
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getGlossary: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A slug as returned by the list of the same collection */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The full record */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GlossaryTermRecord"];
                };
            };
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listExposures: {
        parameters: {
            query?: {
                /** @description Maximum records returned; values outside 1 to 200 are clamped to the nearest bound; a value that is not a number counts as absent. */
                limit?: number;
                /** @description Records skipped before collecting results; negative values are treated as 0, a value that is not a number as absent. */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of summaries */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SummaryPage"];
                };
            };
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getExposure: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A slug as returned by the list of the same collection */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The full record */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExposureRecord"];
                };
            };
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listApps: {
        parameters: {
            query?: {
                /** @description Maximum records returned; values outside 1 to 200 are clamped to the nearest bound; a value that is not a number counts as absent. */
                limit?: number;
                /** @description Records skipped before collecting results; negative values are treated as 0, a value that is not a number as absent. */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of summaries */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SummaryPage"];
                };
            };
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A slug as returned by the list of the same collection */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The full record */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppRecord"];
                };
            };
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listAi: {
        parameters: {
            query?: {
                /** @description Maximum records returned; values outside 1 to 200 are clamped to the nearest bound; a value that is not a number counts as absent. */
                limit?: number;
                /** @description Records skipped before collecting results; negative values are treated as 0, a value that is not a number as absent. */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of summaries */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SummaryPage"];
                };
            };
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getAi: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A slug as returned by the list of the same collection */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The full record */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiRiskRecord"];
                };
            };
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listPosts: {
        parameters: {
            query?: {
                /** @description Maximum records returned; values outside 1 to 200 are clamped to the nearest bound; a value that is not a number counts as absent. */
                limit?: number;
                /** @description Records skipped before collecting results; negative values are treated as 0, a value that is not a number as absent. */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of summaries */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SummaryPage"];
                };
            };
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A slug as returned by the list of the same collection */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The full record */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostRecord"];
                };
            };
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    searchContent: {
        parameters: {
            query: {
                /** @description Search terms: at least one character that is not a space */
                q: string;
                /** @description Maximum results; values outside 1 to 200 are clamped to the nearest bound; a value that is not a number counts as absent. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Matching records, best first */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResults"];
                };
            };
            400: components["responses"]["BadRequest"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 description of the whole API */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getManifest: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of the manifest the client last read: while it is unchanged, the answer is 304 without a body */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The manifest */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordManifest"];
                };
            };
            /** @description The manifest is the one whose ETag was sent: nothing changed */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getPricing: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Plans, trial terms and what every plan includes */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pricing"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    sendContactMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactMessage"];
                "application/x-www-form-urlencoded": components["schemas"]["ContactMessage"];
            };
        };
        responses: {
            /** @description Accepted (a JSON body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            /** @description Accepted (a form post): on to the form's thank-you page */
            303: {
                headers: {
                    /** @description The thank-you page, a path on the same site */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The submission is invalid; code is invalid_request, missing_field or invalid_email: an Error for a JSON body, the contact page for a form post */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description A form post from another site's page, refused before its body is read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            /** @description The body is larger than the endpoint accepts: an Error for a JSON body, the contact page for a form post */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description The body is neither JSON nor a form post */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many submissions from this sender (code rate_limited): an Error for a JSON body, the contact page for a form post */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description The submission was stored but could not be delivered, or the service is not configured: an Error for a JSON body, the contact page for a form post */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
        };
    };
    subscribeNewsletter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Signup"];
                "application/x-www-form-urlencoded": components["schemas"]["Signup"];
            };
        };
        responses: {
            /** @description Accepted (a JSON body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            /** @description Accepted (a form post): on to the form's thank-you page */
            303: {
                headers: {
                    /** @description The thank-you page, a path on the same site */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The submission is invalid; code is invalid_request, missing_field or invalid_email: an Error for a JSON body, the contact page for a form post */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description A form post from another site's page, refused before its body is read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            /** @description The body is larger than the endpoint accepts: an Error for a JSON body, the contact page for a form post */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description The body is neither JSON nor a form post */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many submissions from this sender (code rate_limited): an Error for a JSON body, the contact page for a form post */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description The submission was stored but could not be delivered, or the service is not configured: an Error for a JSON body, the contact page for a form post */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
        };
    };
    joinWaitlist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Signup"];
                "application/x-www-form-urlencoded": components["schemas"]["Signup"];
            };
        };
        responses: {
            /** @description Accepted (a JSON body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            /** @description Accepted (a form post): on to the form's thank-you page */
            303: {
                headers: {
                    /** @description The thank-you page, a path on the same site */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The submission is invalid; code is invalid_request, missing_field or invalid_email: an Error for a JSON body, the contact page for a form post */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description A form post from another site's page, refused before its body is read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            /** @description The body is larger than the endpoint accepts: an Error for a JSON body, the contact page for a form post */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description The body is neither JSON nor a form post */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many submissions from this sender (code rate_limited): an Error for a JSON body, the contact page for a form post */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description The submission was stored but could not be delivered, or the service is not configured: an Error for a JSON body, the contact page for a form post */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
        };
    };
    requestSandboxEarlyAccess: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Signup"];
                "application/x-www-form-urlencoded": components["schemas"]["Signup"];
            };
        };
        responses: {
            /** @description Accepted (a JSON body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            /** @description Accepted (a form post): on to the form's thank-you page */
            303: {
                headers: {
                    /** @description The thank-you page, a path on the same site */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The submission is invalid; code is invalid_request, missing_field or invalid_email: an Error for a JSON body, the contact page for a form post */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description A form post from another site's page, refused before its body is read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            /** @description The body is larger than the endpoint accepts: an Error for a JSON body, the contact page for a form post */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description The body is neither JSON nor a form post */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many submissions from this sender (code rate_limited): an Error for a JSON body, the contact page for a form post */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
            /** @description The submission was stored but could not be delivered, or the service is not configured: an Error for a JSON body, the contact page for a form post */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/html": string;
                };
            };
        };
    };
    listInstances: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Organization identifier, a UUID (read in either case); anything else is 404 */
                org_uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization's instances */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstanceList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createInstance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Organization identifier, a UUID (read in either case); anything else is 404 */
                org_uuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateInstance"];
            };
        };
        responses: {
            /** @description Created; status is running */
            201: {
                headers: {
                    /** @description URL of the new instance */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Instance"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            /** @description The body is larger than the endpoint accepts */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteInstance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Organization identifier, a UUID (read in either case); anything else is 404 */
                org_uuid: string;
                /** @description A UUID; anything else is 404 */
                instance_uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted, with its data */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    inspectKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Organization identifier, a UUID (read in either case); anything else is 404 */
                org_uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The active key, without its secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyInspection"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    rotateKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Organization identifier, a UUID (read in either case); anything else is 404 */
                org_uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new key; its secret is shown only here */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyRotation"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getLlmsTxt: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description llms.txt: what the site holds, with a link to each page and its Markdown */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description The byte range asked for (Range) lies beyond the file */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getLlmsFullTxt: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every page's Markdown twin, each headed by its URL */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description The byte range asked for (Range) lies beyond the file */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getSitemap: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A sitemap (sitemaps.org) of every page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
            /** @description The byte range asked for (Range) lies beyond the file */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getPostsFeed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The posts, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/atom+xml": string;
                };
            };
            /** @description The byte range asked for (Range) lies beyond the file */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getThreatMarkdown: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page's Markdown twin */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/markdown": string;
                };
            };
            /** @description No record has this slug: the site's page for a missing page */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The byte range asked for (Range) lies beyond the file */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getGlossaryMarkdown: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page's Markdown twin */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/markdown": string;
                };
            };
            /** @description No record has this slug: the site's page for a missing page */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The byte range asked for (Range) lies beyond the file */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getExposureMarkdown: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page's Markdown twin */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/markdown": string;
                };
            };
            /** @description No record has this slug: the site's page for a missing page */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The byte range asked for (Range) lies beyond the file */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAppMarkdown: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page's Markdown twin */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/markdown": string;
                };
            };
            /** @description No record has this slug: the site's page for a missing page */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The byte range asked for (Range) lies beyond the file */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAiMarkdown: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page's Markdown twin */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/markdown": string;
                };
            };
            /** @description No record has this slug: the site's page for a missing page */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The byte range asked for (Range) lies beyond the file */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getPostMarkdown: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page's Markdown twin */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/markdown": string;
                };
            };
            /** @description No record has this slug: the site's page for a missing page */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The byte range asked for (Range) lies beyond the file */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
