import { Column, Entity, Index, OneToMany, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Right } from './right.entity';

/** A named set of rights. Its id is a string key such as `editor`; `super-admin` is special. */
@Entity('role')
export class Role {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Index()
  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** Its users set up two-factor sign-in before they get a session. */
  @Column({ type: 'boolean', default: false })
  requireTwoFactor: boolean;

  @Index()
  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @OneToMany('Right', (right: Right) => right.role, { cascade: ['insert'] })
  rights?: Right[];
}
