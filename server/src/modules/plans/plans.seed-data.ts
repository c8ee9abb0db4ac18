/**
 * The plans (prices monthly / yearly per month / yearly total, in the shapes of spec section 9).
 * A yearly plan costs less per month than the monthly one, and its total is 12 times its
 * monthly rate. Their limits apply to real features only: no viewers, chatters or views.
 */
export const planSeed = [
  {
    name: 'Starter',
    subtitle: 'For channels getting started',
    monthlyPrice: '8',
    yearlyPerMonth: '6',
    yearlyTotal: '72',
    benefits: ['Chat bot with custom commands', 'Timers', 'Follower analytics', 'VOD and clip library'],
    additions: ['1 channel', '25 commands, 3 timers', '500 conversation answers a month'],
    limits: { channels: 1, commands: 25, timers: 3, conversationAnswersPerMonth: 500, raidsPerDay: 1, teamMembers: 1 },
    popular: false,
    sortOrder: 1,
    translations: {
      de: {
        subtitle: 'Für Kanäle, die gerade anfangen',
        benefits: ['Chatbot mit eigenen Befehlen', 'Timer', 'Follower-Statistiken', 'VOD- und Clip-Bibliothek'],
        additions: ['1 Kanal', '25 Befehle, 3 Timer', '500 Gesprächsantworten im Monat'],
      },
      fr: {
        subtitle: 'Pour les chaînes qui débutent',
        benefits: ['Bot de chat avec commandes personnalisées', 'Minuteurs', 'Statistiques des followers', 'Bibliothèque de VOD et de clips'],
        additions: ['1 chaîne', '25 commandes, 3 minuteurs', '500 réponses de conversation par mois'],
      },
      pt: {
        subtitle: 'Para canais que estão começando',
        benefits: ['Bot de chat com comandos personalizados', 'Temporizadores', 'Estatísticas de seguidores', 'Biblioteca de VODs e clipes'],
        additions: ['1 canal', '25 comandos, 3 temporizadores', '500 respostas de conversa por mês'],
      },
    },
  },
  {
    name: 'Headstarter',
    subtitle: 'For growing channels',
    monthlyPrice: '15',
    yearlyPerMonth: '12',
    yearlyTotal: '144',
    benefits: ['Everything in Starter', 'Conversation bot', 'Raid panel', 'Category command sets'],
    additions: ['2 channels', '100 commands, 10 timers', '5,000 conversation answers a month'],
    limits: { channels: 2, commands: 100, timers: 10, conversationAnswersPerMonth: 5000, raidsPerDay: 1, teamMembers: 3 },
    popular: true,
    sortOrder: 2,
    translations: {
      de: {
        subtitle: 'Für wachsende Kanäle',
        benefits: ['Alles aus Starter', 'Gesprächsbot', 'Raid-Panel', 'Befehlssets je Kategorie'],
        additions: ['2 Kanäle', '100 Befehle, 10 Timer', '5.000 Gesprächsantworten im Monat'],
      },
      fr: {
        subtitle: 'Pour les chaînes en croissance',
        benefits: ['Tout ce que contient Starter', 'Bot de conversation', 'Panneau de raid', 'Jeux de commandes par catégorie'],
        additions: ['2 chaînes', '100 commandes, 10 minuteurs', '5 000 réponses de conversation par mois'],
      },
      pt: {
        subtitle: 'Para canais em crescimento',
        benefits: ['Tudo do Starter', 'Bot de conversa', 'Painel de raid', 'Conjuntos de comandos por categoria'],
        additions: ['2 canais', '100 comandos, 10 temporizadores', '5.000 respostas de conversa por mês'],
      },
    },
  },
  {
    name: 'Pro',
    subtitle: 'For established channels',
    monthlyPrice: '25',
    yearlyPerMonth: '20',
    yearlyTotal: '240',
    benefits: ['Everything in Headstarter', 'Twitch and Kick', 'Priority support'],
    additions: ['4 channels', '500 commands, 50 timers', '50,000 conversation answers a month'],
    limits: { channels: 4, commands: 500, timers: 50, conversationAnswersPerMonth: 50000, raidsPerDay: 1, teamMembers: 10 },
    popular: false,
    sortOrder: 3,
    translations: {
      de: {
        subtitle: 'Für etablierte Kanäle',
        benefits: ['Alles aus Headstarter', 'Twitch und Kick', 'Bevorzugter Support'],
        additions: ['4 Kanäle', '500 Befehle, 50 Timer', '50.000 Gesprächsantworten im Monat'],
      },
      fr: {
        subtitle: 'Pour les chaînes établies',
        benefits: ['Tout ce que contient Headstarter', 'Twitch et Kick', 'Assistance prioritaire'],
        additions: ['4 chaînes', '500 commandes, 50 minuteurs', '50 000 réponses de conversation par mois'],
      },
      pt: {
        subtitle: 'Para canais estabelecidos',
        benefits: ['Tudo do Headstarter', 'Twitch e Kick', 'Suporte prioritário'],
        additions: ['4 canais', '500 comandos, 50 temporizadores', '50.000 respostas de conversa por mês'],
      },
    },
  },
  {
    name: 'Custom',
    subtitle: 'Tailored to your network',
    monthlyPrice: null,
    yearlyPerMonth: null,
    yearlyTotal: null,
    benefits: ['Limits on request', 'Dedicated support'],
    additions: ['As many channels as you need', 'Contact us for a quote'],
    limits: { channels: null, commands: null, timers: null, conversationAnswersPerMonth: null, raidsPerDay: 1, teamMembers: null },
    popular: false,
    sortOrder: 4,
    translations: {
      de: {
        subtitle: 'Zugeschnitten auf dein Netzwerk',
        benefits: ['Limits auf Anfrage', 'Eigener Ansprechpartner'],
        additions: ['So viele Kanäle, wie du brauchst', 'Frag uns nach einem Angebot'],
      },
      fr: {
        subtitle: 'Adapté à votre réseau',
        benefits: ['Limites sur demande', 'Assistance dédiée'],
        additions: ['Autant de chaînes que nécessaire', 'Contactez-nous pour un devis'],
      },
      pt: {
        subtitle: 'Sob medida para a sua rede',
        benefits: ['Limites sob consulta', 'Suporte dedicado'],
        additions: ['Quantos canais você precisar', 'Fale conosco para um orçamento'],
      },
    },
  },
]

/**
 * The pricing pages' Q and A (`qandA: [{question, ans}]`): for both pages ('all') or one.
 * Languages, payment, trying it first, the fair-play rule; English with
 * translations into the other UI languages.
 */
export const pricingQuestionSeed: Array<{
  platform: 'all' | 'twitch' | 'kick'
  question: string
  answer: string
  sortOrder: number
  translations: Record<string, { question: string; answer: string }>
}> = [
  {
    platform: 'all',
    question: 'Which languages does the assistant speak?',
    answer: 'The dashboard is in English, German, French and Portuguese. In chat, the bot answers in the language you write its commands and answers in.',
    sortOrder: 1,
    translations: {
      de: {
        question: 'Welche Sprachen spricht der Assistent?',
        answer:
          'Das Dashboard gibt es auf Englisch, Deutsch, Französisch und Portugiesisch. Im Chat antwortet der Bot in der Sprache, in der du seine Befehle und Antworten schreibst.',
      },
      fr: {
        question: 'Quelles langues l’assistant parle-t-il ?',
        answer:
          'Le tableau de bord existe en anglais, allemand, français et portugais. Dans le chat, le bot répond dans la langue dans laquelle vous écrivez ses commandes et ses réponses.',
      },
      pt: {
        question: 'Quais idiomas o assistente fala?',
        answer: 'O painel está em inglês, alemão, francês e português. No chat, o bot responde no idioma em que você escreve os comandos e as respostas dele.',
      },
    },
  },
  {
    platform: 'all',
    question: 'How can I pay?',
    answer:
      'By bank transfer: the shop turns your cart into an invoice, and the licence starts when the payment is recorded. A reseller may also give you a licence key.',
    sortOrder: 2,
    translations: {
      de: {
        question: 'Wie kann ich bezahlen?',
        answer:
          'Per Überweisung: Der Shop macht aus deinem Warenkorb eine Rechnung, und die Lizenz beginnt, sobald die Zahlung erfasst ist. Ein Reseller kann dir auch einen Lizenzschlüssel geben.',
      },
      fr: {
        question: 'Comment puis-je payer ?',
        answer:
          'Par virement : la boutique transforme votre panier en facture, et la licence commence dès que le paiement est enregistré. Un revendeur peut aussi vous donner une clé de licence.',
      },
      pt: {
        question: 'Como posso pagar?',
        answer:
          'Por transferência bancária: a loja transforma o seu carrinho numa fatura, e a licença começa quando o pagamento é registado. Um revendedor também pode dar-lhe uma chave de licença.',
      },
    },
  },
  {
    platform: 'all',
    question: 'Can I try it before I pay?',
    answer:
      'Yes. A new account runs its assistant with the Starter plan’s limits until it takes a plan, and the sandbox channel lets you try the bot with test viewers.',
    sortOrder: 3,
    translations: {
      de: {
        question: 'Kann ich es ausprobieren, bevor ich bezahle?',
        answer:
          'Ja. Ein neues Konto betreibt seinen Assistenten mit den Limits des Starter-Tarifs, bis es einen Tarif wählt, und im Sandbox-Kanal probierst du den Bot mit Testzuschauern aus.',
      },
      fr: {
        question: 'Puis-je essayer avant de payer ?',
        answer:
          'Oui. Un nouveau compte fait tourner son assistant avec les limites de l’offre Starter jusqu’à ce qu’il choisisse une offre, et la chaîne bac à sable permet d’essayer le bot avec des spectateurs de test.',
      },
      pt: {
        question: 'Posso experimentar antes de pagar?',
        answer:
          'Sim. Uma conta nova usa o assistente com os limites do plano Starter até escolher um plano, e o canal sandbox permite experimentar o bot com espectadores de teste.',
      },
    },
  },
  {
    platform: 'all',
    question: 'Do you sell viewers, followers or chatters?',
    answer: 'No. The assistant helps you run your own channel and never fakes an audience: viewer, follow or chat bots break the rules of Twitch and Kick.',
    sortOrder: 4,
    translations: {
      de: {
        question: 'Verkauft ihr Zuschauer, Follower oder Chatter?',
        answer:
          'Nein. Der Assistent hilft dir, deinen eigenen Kanal zu führen, und täuscht nie ein Publikum vor: Zuschauer-, Follow- oder Chat-Bots verstoßen gegen die Regeln von Twitch und Kick.',
      },
      fr: {
        question: 'Vendez-vous des spectateurs, des followers ou des participants au chat ?',
        answer:
          'Non. L’assistant vous aide à gérer votre propre chaîne et ne simule jamais d’audience : les bots de spectateurs, de follows ou de chat enfreignent les règles de Twitch et de Kick.',
      },
      pt: {
        question: 'Vocês vendem espectadores, seguidores ou participantes de chat?',
        answer:
          'Não. O assistente ajuda você a cuidar do seu próprio canal e nunca simula público: bots de espectadores, de follows ou de chat violam as regras da Twitch e da Kick.',
      },
    },
  },
  {
    platform: 'twitch',
    question: 'How often can I raid?',
    answer: 'One raid per 24 h per channel, started from the Raid Panel through Twitch.',
    sortOrder: 5,
    translations: {
      de: { question: 'Wie oft kann ich raiden?', answer: 'Ein Raid pro 24 h und Kanal, gestartet im Raid-Panel über Twitch.' },
      fr: { question: 'À quelle fréquence puis-je lancer un raid ?', answer: 'Un raid par 24 h et par chaîne, lancé depuis le panneau de raid via Twitch.' },
      pt: { question: 'Com que frequência posso fazer raid?', answer: 'Uma raid a cada 24 h por canal, iniciada no painel de raid pela Twitch.' },
    },
  },
  {
    platform: 'kick',
    question: 'How often can I raid on Kick?',
    answer: 'One raid per 24 h per channel.',
    sortOrder: 5,
    translations: {
      de: { question: 'Wie oft kann ich auf Kick raiden?', answer: 'Ein Raid pro 24 h und Kanal.' },
      fr: { question: 'À quelle fréquence puis-je lancer un raid sur Kick ?', answer: 'Un raid par 24 h et par chaîne.' },
      pt: { question: 'Com que frequência posso fazer raid na Kick?', answer: 'Uma raid a cada 24 h por canal.' },
    },
  },
]
